import {
  idParamsSchema,
  portalCertificateQuerySchema,
  portalEquipmentQuerySchema,
  portalEquipmentResponseSchema,
  portalInspectionDetailResponseSchema,
  portalInspectionsQuerySchema,
  portalInspectionsResponseSchema,
  portalOverviewQuerySchema,
  portalOverviewResponseSchema,
  portalSiteResponseSchema,
  portalUnitResponseSchema,
} from '@inspecta/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, ownObject } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import { attachment } from '../../core/tabular-export.js';
import type { PortalPdf, PortalService } from './portal.service.js';

const tags = ['portal'];
/** Every portal route: signed-in clients only (docs/portal.md). */
const clientOnly = access.roles('client');

function sendPdf(reply: FastifyReply, { pdf, fileName }: PortalPdf) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachment(fileName))
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(pdf);
}

/** The client portal's reads: overview, sites, units, inspections, reports, certificates. */
export const portalRoutes: FastifyPluginAsyncZod<{ portalService: PortalService }> = async (
  app,
  { portalService: service },
) => {
  app.get(
    '/portal/overview',
    {
      config: { access: clientOnly },
      schema: {
        tags,
        summary: "The client's sites with their units' due status, sites needing attention first",
        description:
          'Totals over all the client’s sites; the page of sites (search: site code, name or city; attention: all, attention, overdue, due_soon, failed) ordered failed, overdue, due soon, then by name.',
        querystring: portalOverviewQuerySchema,
        response: { 200: portalOverviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.overview(requireAuth(request), request.query),
  );

  app.get(
    '/portal/sites/:id',
    {
      config: { access: clientOnly, ownObject: ownObject('client-site', 404) },
      schema: {
        tags,
        summary: 'One of the client’s sites: address, contact, unit counts, next inspection, open actions',
        params: idParamsSchema,
        response: { 200: portalSiteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ site: await service.site(requireAuth(request), request.params.id) }),
  );

  app.get(
    '/portal/sites/:id/equipment',
    {
      config: { access: clientOnly, ownObject: ownObject('client-site', 404) },
      schema: {
        tags,
        summary: 'The units of one of the client’s sites, most urgent first',
        params: idParamsSchema,
        querystring: portalEquipmentQuerySchema,
        response: { 200: portalEquipmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.equipment(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/portal/units/:id',
    {
      config: { access: clientOnly, ownObject: ownObject('client-unit', 404) },
      schema: {
        tags,
        summary: 'Where a scanned asset label (/u/<unit id>) takes the client: the unit and its site',
        description: '404 for a unit that does not exist or is not at one of your sites.',
        params: idParamsSchema,
        response: { 200: portalUnitResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.unit(requireAuth(request), request.params.id),
  );

  app.get(
    '/portal/sites/:id/certificate',
    {
      config: { access: clientOnly, ownObject: ownObject('client-site', 404) },
      schema: {
        tags,
        summary: 'The compliance certificate of a site on a day (PDF)',
        description:
          'Each unit with its latest inspection on or before the day (date, result, seal id) and its due status that day, the corrective actions open that day, compliant or not, the organisation. date: YYYY-MM-DD, default today (UTC), not in the future. Named compliance-<siteCode>-<date>.pdf.',
        params: idParamsSchema,
        querystring: portalCertificateQuerySchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendPdf(
        reply as FastifyReply,
        await service.certificate(requireAuth(request), request.params.id, request.query, originOf(request)),
      ),
  );

  app.get(
    '/portal/inspections',
    {
      config: { access: clientOnly },
      schema: {
        tags,
        summary: 'Completed inspections at the client’s sites, newest first, with their seals',
        querystring: portalInspectionsQuerySchema,
        response: { 200: portalInspectionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.inspectionList(requireAuth(request), request.query),
  );

  app.get(
    '/portal/inspections/:id',
    {
      config: { access: clientOnly, ownObject: ownObject('client-inspection', 404) },
      schema: {
        tags,
        summary: 'A completed inspection at one of the client’s sites: the report, its seal, open actions',
        params: idParamsSchema,
        response: { 200: portalInspectionDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      inspection: await service.inspection(requireAuth(request), request.params.id),
    }),
  );

  app.get(
    '/portal/inspections/:id/report',
    {
      config: { access: clientOnly, ownObject: ownObject('client-inspection', 404) },
      schema: {
        tags,
        summary: 'The sealed PDF report of a completed inspection at one of the client’s sites',
        description: 'The same file administrators download: seal id, hash and QR code to the public check.',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendPdf(reply as FastifyReply, await service.report(requireAuth(request), request.params.id)),
  );
};
