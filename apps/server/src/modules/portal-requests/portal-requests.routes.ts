import multipart from '@fastify/multipart';
import {
  CORRECTIVE_ACTION_PHOTO_MAX_BYTES,
  createInspectionRequestBodySchema,
  declineInspectionRequestBodySchema,
  idParamsSchema,
  inspectionRequestListQuerySchema,
  inspectionRequestListResponseSchema,
  inspectionRequestMutationResponseSchema,
  portalActionDetailResponseSchema,
  portalActionListQuerySchema,
  portalActionListResponseSchema,
  portalCommentBodySchema,
  portalCommentMutationResponseSchema,
  portalRequestListQuerySchema,
  portalRequestOptionsQuerySchema,
  portalRequestOptionsResponseSchema,
  scheduleInspectionRequestBodySchema,
  scheduleInspectionRequestResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, ownObject } from '../../core/access.js';
import { readUploadedForm } from '../../core/files/read-upload.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { PortalRequestsService } from './portal-requests.service.js';

const tags = ['portal'];
const client = access.roles('client');
/** Another client's request or action answers the same 404 as an unknown id. */
const ownRequest = ownObject('inspection-request', 404);
const siteAction = ownObject('site-action', 404);

export const portalRequestsRoutes: FastifyPluginAsyncZod<{
  portalRequestsService: PortalRequestsService;
}> = async (app, { portalRequestsService: service }) => {
  await app.register(multipart, {
    limits: { fileSize: CORRECTIVE_ACTION_PHOTO_MAX_BYTES, files: 1, fields: 5 },
  });

  // ---------------------------------------------------------------- the client's requests

  app.get(
    '/portal/request-options',
    {
      config: { access: client },
      schema: {
        tags,
        summary: "The request form's choices: active categories and your sites (at most 500; search narrows)",
        querystring: portalRequestOptionsQuerySchema,
        response: { 200: portalRequestOptionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.options(requireAuth(request), request.query),
  );

  app.get(
    '/portal/requests',
    {
      config: { access: client },
      schema: {
        tags,
        summary: 'Your inspection requests, newest first',
        querystring: portalRequestListQuerySchema,
        response: { 200: inspectionRequestListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listOwn(requireAuth(request), request.query),
  );

  app.post(
    '/portal/requests',
    {
      config: { access: client },
      schema: {
        tags,
        summary: 'Ask for an inspection of one of your sites (all its units, or some)',
        description: 'The administrators are notified; they schedule or decline it.',
        body: createInspectionRequestBodySchema,
        response: { 201: inspectionRequestMutationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, originOf(request))),
  );

  app.post(
    '/portal/requests/:id/cancel',
    {
      config: { access: client, ownObject: ownRequest },
      schema: {
        tags,
        summary: 'Cancel one of your requests while it is open (409 once scheduled or declined)',
        params: idParamsSchema,
        response: {
          200: inspectionRequestMutationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => service.cancel(requireAuth(request), request.params.id, originOf(request)),
  );

  // ---------------------------------------------------------------- the administrators' queue

  app.get(
    '/inspection-requests',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Clients' inspection requests: open first, then oldest first",
        querystring: inspectionRequestListQuerySchema,
        response: { 200: inspectionRequestListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listAll(request.query),
  );

  app.post(
    '/inspection-requests/:id/schedule',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Schedule an open request: creates its assignment (the create-assignment body)',
        description:
          "The assignment and the request are written in one transaction; the site must be the request's. The client is notified. 409 when the request is no longer open.",
        params: idParamsSchema,
        body: scheduleInspectionRequestBodySchema,
        response: {
          200: scheduleInspectionRequestResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      service.schedule(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.post(
    '/inspection-requests/:id/decline',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Decline an open request with a reason the client reads',
        params: idParamsSchema,
        body: declineInspectionRequestBodySchema,
        response: {
          200: inspectionRequestMutationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      service.decline(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  // ---------------------------------------------------------------- corrective actions at the client's sites

  app.get(
    '/portal/actions',
    {
      config: { access: client },
      schema: {
        tags,
        summary: 'Corrective actions at your sites, overdue and soonest due first',
        querystring: portalActionListQuerySchema,
        response: { 200: portalActionListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listActions(requireAuth(request), request.query),
  );

  app.get(
    '/portal/actions/:id',
    {
      config: { access: client, ownObject: siteAction },
      schema: {
        tags,
        summary: 'One corrective action with the comments shared with you',
        params: idParamsSchema,
        response: { 200: portalActionDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ action: await service.actionDetail(requireAuth(request), request.params.id) }),
  );

  app.post(
    '/portal/actions/:id/comments',
    {
      config: { access: client, ownObject: siteAction },
      schema: {
        tags,
        summary: 'Comment on an action at your site (the staff read it)',
        params: idParamsSchema,
        body: portalCommentBodySchema,
        response: { 201: portalCommentMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const comment = await service.comment(
        requireAuth(request),
        request.params.id,
        request.body.body,
        originOf(request),
      );
      return reply.status(201).send({ comment, message: 'Comment added' });
    },
  );

  app.post(
    '/portal/actions/:id/evidence',
    {
      config: { access: client, ownObject: siteAction },
      schema: {
        tags,
        summary: 'Upload a photo of the work done, for an action you own',
        description: `multipart/form-data: one JPEG, PNG or WebP image in a field named "file" (at most ${CORRECTIVE_ACTION_PHOTO_MAX_BYTES / 1048576} MiB, re-encoded as WebP without metadata) and an optional text field "note". 403 when you are not the action's owner.`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          201: portalCommentMutationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // Whose action it is decides first (404, 403), before the upload is read.
      await service.assertAction(auth, request.params.id, true);
      const form = await readUploadedForm(request, {
        maxBytes: CORRECTIVE_ACTION_PHOTO_MAX_BYTES,
        maxFiles: 1,
        fileField: 'file',
      });
      const comment = await service.evidence(
        auth,
        request.params.id,
        { note: form.fields.note, images: form.images },
        originOf(request),
      );
      return reply.status(201).send({ comment, message: 'Evidence uploaded' });
    },
  );
};
