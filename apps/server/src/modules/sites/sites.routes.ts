import {
  bulkResultSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  idParamsSchema,
  messageSchema,
  siteBulkBodySchema,
  siteCitiesResponseSchema,
  siteCompletedInspectionsQuerySchema,
  siteCompletedInspectionsResponseSchema,
  siteCreateBodySchema,
  siteDetailsResponseSchema,
  siteExportQuerySchema,
  siteListQuerySchema,
  siteListResponseSchema,
  siteMutationResponseSchema,
  siteStatusBodySchema,
  siteUpdateBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import { EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { SitesService } from './sites.service.js';
import { SITE_EXPORT_COLUMNS } from './sites-export.js';

const tags = ['sites'];

/** Site Management (SPEC.md 7 "Sites"): the paths are kept exactly; every route is for administrators. */
export const sitesRoutes: FastifyPluginAsyncZod<{ sitesService: SitesService }> = async (
  app,
  { sitesService },
) => {
  app.post(
    '/auth/sites',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Create a site as a draft',
        description:
          'A draft needs only its name; the other fields are checked for their format and required when the ' +
          'site is saved. The SiteId no. is generated (ST-000123) when left out; a taken one answers 409.',
        body: siteCreateBodySchema,
        response: { 201: siteMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const result = await sitesService.create(requireAuth(request), request.body, request);
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/auth/update/sites/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Update a site',
        description:
          'Fields left out stay as they are and null clears a field. A draft may stay incomplete; an active ' +
          'or inactive site must keep every field it needs (400 naming them).',
        params: idParamsSchema,
        body: siteUpdateBodySchema,
        response: { 200: siteMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => sitesService.update(requireAuth(request), request.params.id, request.body, request),
  );

  app.post(
    '/auth/save/site/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Save a draft: check the whole site and make it active',
        description:
          'Answers 400 naming every missing or invalid field, and 409 when the site is not a draft.',
        params: idParamsSchema,
        response: { 200: siteMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => sitesService.save(requireAuth(request), request.params.id, request),
  );

  app.post(
    '/auth/discardSite/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Throw a draft away',
        description: 'Only drafts can be discarded (409 otherwise): saved sites are deactivated or deleted.',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => sitesService.discard(requireAuth(request), request.params.id, request),
  );

  app.patch(
    '/auth/sites/:id/status',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Deactivate or reactivate a saved site',
        description:
          'active → inactive, or inactive → active (which needs every required field). A draft answers 409: ' +
          'save it instead. Asking for the status the site already has changes nothing.',
        params: idParamsSchema,
        body: siteStatusBodySchema,
        response: { 200: siteMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      sitesService.setStatus(requireAuth(request), request.params.id, request.body.status, request),
  );

  app.post(
    '/auth/sites/bulk',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Deactivate or reactivate the selected sites, all or nothing',
        description:
          'At most 500 ids. Each site follows the rules of PATCH /auth/sites/{id}/status (a draft is refused: save ' +
          'it; reactivating needs every required field) in one transaction: if any site is refused nothing changes, ' +
          'and the 409 names each refused id in details (field ids.<index>, id, message). One audit event per ' +
          'changed site; sites already so are counted as unchanged.',
        body: siteBulkBodySchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => sitesService.bulkStatus(requireAuth(request), request.body, originOf(request)),
  );

  app.delete(
    '/auth/sites/delete/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Delete a site with no completed inspections',
        description:
          'Removes the site and the equipment registered at it. A site with completed inspections answers 409: ' +
          'deactivate it instead.',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => sitesService.delete(requireAuth(request), request.params.id, request),
  );

  app.get(
    '/auth/get/all/sites',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'The site register: search, filter, sort, page',
        querystring: siteListQuerySchema,
        response: { 200: siteListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => sitesService.list(request.query),
  );

  app.get(
    '/auth/get/all/sites/export',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Download the filtered site register as Excel (.xlsx) or CSV',
        description:
          'Same filters as /auth/get/all/sites, every matching site in id order, streamed. Audited as site.exported. ' +
          'CSV text starting with = + - @ is prefixed with a quote; .xlsx text is never a formula.',
        querystring: siteExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await sitesService.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'sites',
        sheetName: 'Sites',
        columns: SITE_EXPORT_COLUMNS,
        ...prepared,
      });
    },
  );

  app.get(
    '/auth/sites/cities',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'The cities sites are in, for the list filter',
        response: { 200: siteCitiesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => sitesService.cities(),
  );

  app.get(
    '/auth/sites/full-details/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'A site with its client, contacts, equipment summary, inspectors and latest inspections',
        params: idParamsSchema,
        response: { 200: siteDetailsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => sitesService.details(request.params.id),
  );

  app.get(
    '/auth/site-completed-inspections',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "A site's completed inspections (inspection history), newest first",
        querystring: siteCompletedInspectionsQuerySchema,
        response: { 200: siteCompletedInspectionsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => sitesService.completedInspections(request.query),
  );

  app.get(
    '/auth/get/client/list',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Clients for pickers (id, name, company), searchable',
        querystring: clientListQuerySchema,
        response: { 200: clientListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => sitesService.clients(request.query),
  );
};
