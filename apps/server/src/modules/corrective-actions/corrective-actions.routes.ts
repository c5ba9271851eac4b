import multipart from '@fastify/multipart';
import {
  CORRECTIVE_ACTION_PHOTO_MAX_BYTES,
  CORRECTIVE_ACTION_PHOTOS_MAX,
  correctiveActionCountsQuerySchema,
  correctiveActionCountsResponseSchema,
  correctiveActionDetailResponseSchema,
  correctiveActionExportQuerySchema,
  correctiveActionListQuerySchema,
  correctiveActionListResponseSchema,
  correctiveActionMutationResponseSchema,
  correctiveActionStatusBodySchema,
  createCorrectiveActionBodySchema,
  idParamsSchema,
  requestReinspectionBodySchema,
  updateCorrectiveActionBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, ownObject } from '../../core/access.js';
import { readUploadedForm } from '../../core/files/read-upload.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import { EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { CorrectiveActionsService } from './corrective-actions.service.js';
import { correctiveActionExportColumns } from './corrective-actions-export.js';

const tags = ['corrective-actions'];
/** Administrators, and inspectors for the actions they own (the service answers 404 for others). */
const adminOrOwner = access.roles('admin', 'inspector');
const own = ownObject('corrective-action', 404);

export const correctiveActionsRoutes: FastifyPluginAsyncZod<{
  correctiveActionsService: CorrectiveActionsService;
}> = async (app, { correctiveActionsService: service }) => {
  await app.register(multipart, {
    limits: { fileSize: CORRECTIVE_ACTION_PHOTO_MAX_BYTES, files: CORRECTIVE_ACTION_PHOTOS_MAX, fields: 10 },
  });

  app.get(
    '/corrective-actions',
    {
      config: { access: adminOrOwner },
      schema: {
        tags,
        summary: 'List corrective actions',
        description:
          'view: all, open (open or in progress), overdue, mine, resolved (resolved or verified); filters status, priority, site_id, equipment_id, owner_id, inspection_id; search title, item, site, asset tag or #id (relevance order by default while searching, else due date). The total counts up to 10,000 (totalIsCapped beyond). An inspector sees only the actions they own.',
        querystring: correctiveActionListQuerySchema,
        response: { 200: correctiveActionListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    '/corrective-actions/export',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Download the filtered corrective actions as Excel (.xlsx) or CSV',
        description:
          'Same filters as the list, in id order, streamed. Audited as corrective_action.exported.',
        querystring: correctiveActionExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await service.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'corrective-actions',
        sheetName: 'Corrective actions',
        columns: correctiveActionExportColumns,
        ...prepared,
      });
    },
  );

  app.get(
    '/corrective-actions/counts',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Open and overdue corrective actions, overall or for one site or unit',
        querystring: correctiveActionCountsQuerySchema,
        response: { 200: correctiveActionCountsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.counts(request.query),
  );

  app.post(
    '/corrective-actions',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Create a corrective action by hand from an answer of a completed inspection',
        description:
          'One action per (inspection, unit, item): a second answers 409. Due date defaults to today + the days Settings give the priority.',
        body: createCorrectiveActionBodySchema,
        response: { 201: correctiveActionMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, originOf(request))),
  );

  app.get(
    '/corrective-actions/:id',
    {
      config: { access: adminOrOwner, ownObject: own },
      schema: {
        tags,
        summary: 'One corrective action with comments, history, re-inspections and suggested products',
        params: idParamsSchema,
        response: { 200: correctiveActionDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ action: await service.detail(requireAuth(request), request.params.id) }),
  );

  app.patch(
    '/corrective-actions/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Change title, description, priority, owner, due date or the evidence rule',
        description: 'A verified or cancelled action answers 409.',
        params: idParamsSchema,
        body: updateCorrectiveActionBodySchema,
        response: { 200: correctiveActionMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.post(
    '/corrective-actions/:id/status',
    {
      config: { access: adminOrOwner, ownObject: own },
      schema: {
        tags,
        summary: 'Move the action: open → in_progress → resolved → verified, or cancelled (with a reason)',
        description:
          'A transition the rules do not allow answers 409. verified by hand only when the action does not require evidence (else a passing re-inspection verifies it). The owning inspector may move it between open, in progress and resolved.',
        params: idParamsSchema,
        body: correctiveActionStatusBodySchema,
        response: { 200: correctiveActionMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.changeStatus(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.post(
    '/corrective-actions/:id/comments',
    {
      config: { access: adminOrOwner, ownObject: own },
      schema: {
        tags,
        summary: 'Comment, with photos',
        description: `multipart/form-data: a text field "body", "visibleToClient" ("true" shares the comment with the site's client in the portal; default internal) and up to ${CORRECTIVE_ACTION_PHOTOS_MAX} JPEG, PNG or WebP images in fields named "photos" (each at most ${CORRECTIVE_ACTION_PHOTO_MAX_BYTES / 1048576} MiB), re-encoded as WebP without metadata.`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          200: correctiveActionMutationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Whose action it is decides first (404), before the body is read.
      await service.assertVisible(auth, request.params.id);
      const form = await readUploadedForm(request, {
        maxBytes: CORRECTIVE_ACTION_PHOTO_MAX_BYTES,
        maxFiles: CORRECTIVE_ACTION_PHOTOS_MAX,
        fileField: 'photos',
      });
      return service.comment(
        auth,
        request.params.id,
        { body: form.fields.body, images: form.images, visibleToClient: form.fields.visibleToClient },
        originOf(request),
      );
    },
  );

  app.post(
    '/corrective-actions/:id/reinspection',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Request a re-inspection of the failed item',
        description:
          "Creates an assignment limited to the action's unit with the inspection's template version. Its submit verifies the action when the item passes, or leaves it open with a note when it fails again. 409 while one is open, or for a verified or cancelled action.",
        params: idParamsSchema,
        body: requestReinspectionBodySchema,
        response: { 200: correctiveActionMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.requestReinspection(requireAuth(request), request.params.id, request.body, originOf(request)),
  );
};
