import {
  assignmentBulkBodySchema,
  assignmentExportQuerySchema,
  assignmentListQuerySchema,
  assignmentListResponseSchema,
  assignmentMutationResponseSchema,
  bulkResultSchema,
  createAssignmentBodySchema,
  idParamsSchema,
  inspectorOptionsQuerySchema,
  inspectorOptionsResponseSchema,
  updateAssignmentBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import { EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { AssignmentsService } from './assignments.service.js';
import { assignmentExportColumns } from './assignments-export.js';

const tags = ['assignments'];

export const assignmentsRoutes: FastifyPluginAsyncZod<{ assignmentsService: AssignmentsService }> = async (
  app,
  { assignmentsService: service },
) => {
  app.get(
    '/auth/inspectors',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Assignable inspectors (active) with their open-assignment counts',
        querystring: inspectorOptionsQuerySchema,
        response: { 200: inspectorOptionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.inspectors(request.query.search),
  );

  app.get(
    '/auth/get/active/assignments',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'List assignments',
        description:
          'Search site, inspector or template; filter by status (default active = assigned or in progress), inspector, site, overdue; sort by dueOn, scheduledFor, priority, createdAt, site, inspector.',
        querystring: assignmentListQuerySchema,
        response: { 200: assignmentListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/auth/get/active/assignments/export',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Download the filtered assignment list as Excel (.xlsx) or CSV',
        description:
          'Same filters as /auth/get/active/assignments (status, overdue, inspector, site, search), every matching ' +
          'assignment in id order, streamed. Audited as assignment.exported. CSV text starting with = + - @ is ' +
          'prefixed with a quote; .xlsx text is never a formula.',
        querystring: assignmentExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await service.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'assignments',
        sheetName: 'Assignments',
        columns: assignmentExportColumns(prepared.date),
        ...prepared,
      });
    },
  );

  app.post(
    '/auth/create/assignments/admin',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Assign an inspection',
        description:
          "The template's published version is pinned. equipmentScope all takes the site's units that are not retired; selected takes equipmentIds, which must belong to the site.",
        body: createAssignmentBodySchema,
        response: { 201: assignmentMutationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, originOf(request))),
  );

  app.post(
    '/auth/assignments/bulk',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary:
          'Cancel (with cancelReason) or reassign (to inspectorId) the selected assignments, all or nothing',
        description:
          'At most 500 ids. Each assignment follows the rules of PUT /auth/assignments/update/admin/{id} (a completed ' +
          'or cancelled one is refused; the inspector must be active) in one transaction: if any is refused nothing ' +
          'changes, and the 409 names each refused id in details (field ids.<index>, id, message). One audit event ' +
          "and the inspectors' notifications per changed assignment; one already with the inspector is unchanged.",
        body: assignmentBulkBodySchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.bulk(requireAuth(request), request.body, originOf(request)),
  );

  app.put(
    '/auth/assignments/update/admin/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary:
          'Reschedule, reassign, change priority or units, or cancel (status cancelled + cancelReason)',
        description: 'A completed or cancelled assignment answers 409.',
        params: idParamsSchema,
        body: updateAssignmentBodySchema,
        response: { 200: assignmentMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.id, request.body, originOf(request)),
  );
};
