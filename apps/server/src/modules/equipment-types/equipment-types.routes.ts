import {
  equipmentTypeCategoriesResponseSchema,
  equipmentTypeCreateBodySchema,
  equipmentTypeExportQuerySchema,
  equipmentTypeListQuerySchema,
  equipmentTypeListResponseSchema,
  equipmentTypeMutationResponseSchema,
  equipmentTypeOptionsQuerySchema,
  equipmentTypeOptionsResponseSchema,
  equipmentTypeUpdateBodySchema,
  idParamsSchema,
  messageSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import { EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { EquipmentTypesService } from './equipment-types.service.js';
import { EQUIPMENT_TYPE_EXPORT_COLUMNS } from './equipment-types-export.js';

const tags = ['equipment types'];

/** The global equipment catalogue (screen /dashboard/orders), at the paths of SPEC.md 7. */
export const equipmentTypesRoutes: FastifyPluginAsyncZod<{
  equipmentTypesService: EquipmentTypesService;
}> = async (app, { equipmentTypesService: service }) => {
  app.get(
    '/auth/global-equipment/list',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'The equipment-type catalogue: search, filter by category and status, paged',
        querystring: equipmentTypeListQuerySchema,
        response: { 200: equipmentTypeListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/auth/global-equipment/export',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Download the filtered catalogue as Excel (.xlsx) or CSV',
        description:
          'Same filters as /auth/global-equipment/list, every matching type in id order, streamed. Audited as ' +
          'equipment_type.exported. CSV text starting with = + - @ is prefixed with a quote; .xlsx text is never a formula.',
        querystring: equipmentTypeExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await service.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'equipment-types',
        sheetName: 'Equipment types',
        columns: EQUIPMENT_TYPE_EXPORT_COLUMNS,
        ...prepared,
      });
    },
  );

  app.get(
    '/auth/global-equipment/categories',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Categories in use in the catalogue (for filters and suggestions)',
        response: { 200: equipmentTypeCategoriesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ categories: await service.categories() }),
  );

  app.get(
    '/auth/global-equipment/options',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Equipment types for pickers (active ones unless include_archived=true)',
        querystring: equipmentTypeOptionsQuerySchema,
        response: { 200: equipmentTypeOptionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      equipmentTypes: await service.options(request.query.search, request.query.include_archived),
    }),
  );

  app.post(
    '/auth/global-equipment/create',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Add an equipment type to the catalogue',
        body: equipmentTypeCreateBodySchema,
        response: { 201: equipmentTypeMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(requireAuth(request), request.body, request.ip)),
  );

  app.put(
    '/auth/global-equipment/update/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Change an equipment type (any fields; `{ status }` archives or restores it)',
        description:
          'A new inspectionIntervalDays re-derives nextDueOn of every unit of the type in the same transaction.',
        params: idParamsSchema,
        body: equipmentTypeUpdateBodySchema,
        response: { 200: equipmentTypeMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, request.ip),
  );

  app.delete(
    '/auth/global-equipment/delete/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Delete an equipment type no unit uses (409 otherwise: archive it instead)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.delete(requireAuth(request), request.params.id, request.ip),
  );
};
