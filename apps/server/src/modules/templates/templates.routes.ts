import {
  createTemplateBodySchema,
  duplicateTemplateBodySchema,
  idParamsSchema,
  publishTemplateBodySchema,
  saveTemplateDraftBodySchema,
  templateExportQuerySchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templateMutationResponseSchema,
  templateResponseSchema,
  templateVersionListResponseSchema,
  templateVersionParamsSchema,
  templateVersionResponseSchema,
  updateTemplateBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import { EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { TemplatesService } from './templates.service.js';
import { TEMPLATE_EXPORT_COLUMNS } from './templates-export.js';

const tags = ['templates'];

export const templatesRoutes: FastifyPluginAsyncZod<{ templatesService: TemplatesService }> = async (
  app,
  { templatesService: service },
) => {
  app.get(
    '/templates',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'List templates',
        description:
          'Search by name or description; filter by categoryId, status and equipmentTypeId; sort by name, updatedAt (default: newest change first) or createdAt.',
        querystring: templateListQuerySchema,
        response: { 200: templateListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/templates/export',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Download the filtered template list as Excel (.xlsx) or CSV',
        description:
          'Same filters as GET /templates, every matching template in id order, streamed. Audited as ' +
          'template.exported. CSV text starting with = + - @ is prefixed with a quote; .xlsx text is never a formula.',
        querystring: templateExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await service.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'templates',
        sheetName: 'Templates',
        columns: TEMPLATE_EXPORT_COLUMNS,
        ...prepared,
      });
    },
  );

  app.post(
    '/templates',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Create a template (its version 1 starts as a draft)',
        body: createTemplateBodySchema,
        response: { 201: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, originOf(request))),
  );

  app.get(
    '/templates/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'One template with the version being worked on (the draft, else the published one)',
        params: idParamsSchema,
        response: { 200: templateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ template: await service.get(request.params.id) }),
  );

  app.put(
    '/templates/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Change a template's details: name, description, category, equipment types",
        description: 'The checklist itself is versioned: change it with PUT /templates/{id}/draft.',
        params: idParamsSchema,
        body: updateTemplateBodySchema,
        response: { 200: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.put(
    '/templates/:id/draft',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Save the template's checklist as its draft",
        description:
          'Updates the open draft (send the `revision` you loaded: someone else’s save in between answers 409). On a published template without a draft this starts a new draft version; published versions never change.',
        params: idParamsSchema,
        body: saveTemplateDraftBodySchema,
        response: { 200: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.saveDraft(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/templates/:id/draft',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Discard the draft of a published template',
        params: idParamsSchema,
        response: { 200: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.discardDraft(requireAuth(request), request.params.id, originOf(request)),
  );

  app.post(
    '/templates/:id/publish',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Publish the draft',
        description:
          'Checks the whole checklist first: at least one section and item, titles and labels, unique keys, at least two distinct options for choices, failing options among the options, min ≤ max. Every problem is named in `details`.',
        params: idParamsSchema,
        body: publishTemplateBodySchema.nullish(),
        response: { 200: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.publish(requireAuth(request), request.params.id, request.body ?? {}, originOf(request)),
  );

  app.post(
    '/templates/:id/duplicate',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Copy a template into a new draft template',
        params: idParamsSchema,
        body: duplicateTemplateBodySchema.nullish(),
        response: { 201: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.duplicate(
            requireAuth(request),
            request.params.id,
            request.body ?? {},
            originOf(request),
          ),
        ),
  );

  app.post(
    '/templates/:id/archive',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Archive a template (kept for past inspections, no longer offered)',
        params: idParamsSchema,
        response: { 200: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.archive(requireAuth(request), request.params.id, originOf(request)),
  );

  app.post(
    '/templates/:id/restore',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Restore an archived template',
        params: idParamsSchema,
        response: { 200: templateMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.restore(requireAuth(request), request.params.id, originOf(request)),
  );

  app.get(
    '/templates/:id/versions',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "A template's versions, newest first",
        params: idParamsSchema,
        response: { 200: templateVersionListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ versions: await service.listVersions(request.params.id) }),
  );

  app.get(
    '/templates/:id/versions/:version',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'One version of a template, with its checklist',
        params: templateVersionParamsSchema,
        response: { 200: templateVersionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ version: await service.getVersion(request.params.id, request.params.version) }),
  );
};
