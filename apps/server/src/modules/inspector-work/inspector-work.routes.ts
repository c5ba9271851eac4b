import multipart from '@fastify/multipart';
import {
  INSPECTION_UPLOAD_MAX_BYTES,
  idParamsSchema,
  inspectionAnswersBodySchema,
  inspectionProgressResponseSchema,
  inspectionSubmitBodySchema,
  inspectionSubmitResponseSchema,
  inspectionUploadResponseSchema,
  inspectorAssignmentDetailResponseSchema,
  inspectorAssignmentsQuerySchema,
  inspectorAssignmentsResponseSchema,
  inspectorUnitResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, ownObject } from '../../core/access.js';
import { readUploadedImage } from '../../core/files/read-upload.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { InspectorWorkService } from './inspector-work.service.js';

const tags = ['inspector'];
/** Inspectors only: an administrator's token gets 403 like any other role. */
const inspectorOnly = access.roles('inspector');
const MAX_MB = INSPECTION_UPLOAD_MAX_BYTES / (1024 * 1024);

export const inspectorWorkRoutes: FastifyPluginAsyncZod<{
  inspectorWorkService: InspectorWorkService;
}> = async (app, { inspectorWorkService: service }) => {
  await app.register(multipart, {
    limits: { fileSize: INSPECTION_UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.get(
    '/inspector/assignments',
    {
      config: { access: inspectorOnly },
      schema: {
        tags,
        summary: "The signed-in inspector's open assignments",
        description:
          'Assigned or in progress. view: overdue (due before today, UTC), today (scheduled on or before today and not overdue), upcoming (scheduled after today), all (default). Soonest due first.',
        querystring: inspectorAssignmentsQuerySchema,
        response: { 200: inspectorAssignmentsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(requireAuth(request), request.query.view),
  );

  app.get(
    '/inspector/assignments/:id',
    {
      config: { access: inspectorOnly, ownObject: ownObject('assignment', 403) },
      schema: {
        tags,
        summary: 'One of your assignments: the pinned template content, the units and the saved progress',
        description:
          "Any status (a cancelled or completed one too, so a notification's link opens). Another inspector's assignment answers 403.",
        params: idParamsSchema,
        response: { 200: inspectorAssignmentDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ assignment: await service.detail(requireAuth(request), request.params.id) }),
  );

  app.get(
    '/inspector/units/:id',
    {
      config: { access: inspectorOnly, ownObject: ownObject('assigned-unit', 404) },
      schema: {
        tags,
        summary:
          'Where a scanned asset label (/u/<unit id>) takes you: your open assignment covering the unit',
        description:
          'An assignment in progress first, then the soonest due. 404 when the unit does not exist or none of your open assignments covers it.',
        params: idParamsSchema,
        response: { 200: inspectorUnitResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.unit(requireAuth(request), request.params.id),
  );

  app.put(
    '/inspector/assignments/:id/progress',
    {
      config: { access: inspectorOnly, ownObject: ownObject('assignment', 403) },
      schema: {
        tags,
        summary: 'Save the answers so far (the first save starts the inspection)',
        description:
          'Partial answers are fine. Each unit must belong to the assignment (equipmentId null only for a site-level assignment), each key must be an item of the pinned template. A completed or cancelled assignment answers 409.',
        params: idParamsSchema,
        body: inspectionAnswersBodySchema,
        response: { 200: inspectionProgressResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.saveProgress(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.post(
    '/inspector/assignments/:id/submit',
    {
      config: { access: inspectorOnly, ownObject: ownObject('assignment', 403) },
      schema: {
        tags,
        summary: 'Submit the inspection: validate, compute the results, complete the assignment',
        description:
          'Every required item of every unit answered with a value that fits the item; photos and signatures are URLs from POST /api/inspector/uploads by the same inspector. 400 details name the unit and the item. Results, the assignment and the units’ due dates are written in one transaction. A second submit answers 409. The completion is sealed in the same transaction (docs/verification.md), with `device` (the device time and position) when given.',
        params: idParamsSchema,
        body: inspectionSubmitBodySchema,
        response: { 200: inspectionSubmitResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.submit(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.post(
    '/inspector/uploads',
    {
      config: { access: inspectorOnly },
      schema: {
        tags,
        summary: 'Upload a photo or a signature for an answer',
        description: `multipart/form-data with one file field "file": a JPEG, PNG or WebP image (checked by decoding it) of at most ${MAX_MB} MiB (413 otherwise; 415 for anything else). Re-encoded as WebP without metadata, at most 1600 px on the longer side, served at the returned /api/files/<name> URL.`,
        consumes: ['multipart/form-data'],
        response: { 201: inspectionUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const image = await readUploadedImage(request, INSPECTION_UPLOAD_MAX_BYTES);
      return reply.status(201).send(await service.upload(auth, image, originOf(request)));
    },
  );
};
