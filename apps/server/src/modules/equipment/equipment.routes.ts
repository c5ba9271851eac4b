import multipart from '@fastify/multipart';
import {
  bulkResultSchema,
  EQUIPMENT_LABELS_MAX,
  equipmentBulkBodySchema,
  equipmentCreateBodySchema,
  equipmentDetailsResponseSchema,
  equipmentExportQuerySchema,
  equipmentLabelsQuerySchema,
  equipmentLabelsSummarySchema,
  equipmentListQuerySchema,
  equipmentListResponseSchema,
  equipmentMutationResponseSchema,
  equipmentUpdateBodySchema,
  IMPORT_MAX_BYTES,
  idParamsSchema,
  importPreviewResponseSchema,
  importQuerySchema,
  importResponseSchema,
  messageSchema,
  siteOptionsQuerySchema,
  siteOptionsResponseSchema,
} from '@inspecta/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { readUploadedSheet } from '../../core/files/read-upload.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import { attachment, EXPORT_PRODUCES, sendTable, XLSX_CONTENT_TYPE } from '../../core/tabular-export.js';
import type { EquipmentService } from './equipment.service.js';
import { equipmentExportColumns } from './equipment-export.js';

const tags = ['equipment'];

/** Equipment installed at sites (screen /dashboard/equipment-management and the site page's tab). */
export const equipmentRoutes: FastifyPluginAsyncZod<{ equipmentService: EquipmentService }> = async (
  app,
  { equipmentService: service },
) => {
  // Uploads are accepted here only (this plugin's scope), one file per request.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 } });

  app.get(
    '/auth/equipments',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Installed equipment: search, filter by site, type, status and due status, paged',
        description:
          'Search matches asset tag, serial number, name, site name or code, and equipment type. ' +
          'Default order: next due date, most urgent first.',
        querystring: equipmentListQuerySchema,
        response: { 200: equipmentListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/auth/equipments/site-options',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Sites for the equipment pickers (id, site code, name, status)',
        querystring: siteOptionsQuerySchema,
        response: { 200: siteOptionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ sites: await service.siteOptions(request.query.search, request.query.site_id) }),
  );

  app.get(
    '/auth/equipments/export',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Download the filtered list as Excel (.xlsx) or CSV',
        description:
          'Same filters as the list. Streamed. Text that starts with = + - @ is written as text, never as a formula.',
        querystring: equipmentExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await service.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'equipment',
        sheetName: 'Equipment',
        columns: equipmentExportColumns(prepared.date),
        ...prepared,
      });
    },
  );

  app.get(
    '/auth/sites/:id/equipment-labels',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "What printing all of a site's labels takes: its units not retired, and in how many PDFs",
        description:
          'A PDF holds at most perPart labels; a site with more prints them in parts ' +
          '(equipment-labels.pdf?part=1..parts), by asset tag.',
        params: idParamsSchema,
        response: { 200: equipmentLabelsSummarySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.labelsSummary(request.params.id),
  );

  app.get(
    '/auth/sites/:id/equipment-labels.pdf',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "A sheet of QR labels for a site's units (PDF)",
        description:
          'A4, a grid of labels (layout 3x8: 70 x 37 mm, 2x4: 105 x 74 mm), each with a QR code holding ' +
          'PUBLIC_URL/u/<unit id>, the unit name, type, asset tag, serial number, site code and unit code. ' +
          `ids: the units to print (all at this site, at most ${EQUIPMENT_LABELS_MAX}); default every unit not retired, ` +
          `in parts of ${EQUIPMENT_LABELS_MAX} by asset tag when there are more (part=1..n, n from GET .../equipment-labels; ` +
          'a 400 on part says when it is needed or past the last). ' +
          'Audited as equipment.labels_printed. Named labels-<siteCode>.pdf (labels-<siteCode>-part-<n>.pdf). ' +
          'At most 2 sheets are made at once per server process and 4 more wait their turn (up to 30 s); ' +
          'beyond that, 503 SERVICE_UNAVAILABLE with Retry-After (seconds).',
        params: idParamsSchema,
        querystring: equipmentLabelsQuerySchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404, 503),
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.labels(
        requireAuth(request),
        request.params.id,
        request.query,
        request.ip,
      );
      // The PDF is a stream: the reply is typed for the JSON error answers only.
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'no-store')
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(pdf);
    },
  );

  app.get(
    '/auth/equipments/import/template.xlsx',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'The import template: the Equipment sheet, the catalogue and how to fill it in',
        produces: [XLSX_CONTENT_TYPE],
      },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachment('equipment-import-template.xlsx'))
        .header('Cache-Control', 'no-store')
        .send(await service.importTemplate()),
  );

  app.post(
    '/auth/equipments/import/preview',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Check a CSV or .xlsx of equipment for one site; writes nothing',
        description: 'multipart/form-data with one file field `file` (at most 5 MB, 2,000 rows).',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importPreviewResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { buffer, fileName } = await readUploadedSheet(request, IMPORT_MAX_BYTES);
      return service.previewImport(request.query.site_id, buffer, fileName);
    },
  );

  app.post(
    '/auth/equipments/import',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Import the valid rows of a CSV or .xlsx into one site, in one transaction',
        description:
          'The same file as the preview. Rows with errors are skipped and answered back; if anything fails ' +
          'while writing, nothing is imported.',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { buffer, fileName } = await readUploadedSheet(request, IMPORT_MAX_BYTES);
      return service.import(requireAuth(request), request.query.site_id, buffer, fileName, request.ip);
    },
  );

  app.post(
    '/auth/equipments',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Add equipment to a site',
        body: equipmentCreateBodySchema,
        response: { 201: equipmentMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(requireAuth(request), request.body, request.ip)),
  );

  app.get(
    '/auth/equipments/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'One unit with its recent history',
        params: idParamsSchema,
        response: { 200: equipmentDetailsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.details(request.params.id),
  );

  app.patch(
    '/auth/equipments/update/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Change a unit (any fields; a new siteId moves it to another site)',
        params: idParamsSchema,
        body: equipmentUpdateBodySchema,
        response: { 200: equipmentMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/auth/equipments/bulk',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Retire the selected units, all or nothing',
        description:
          'At most 500 ids. Each unit is retired as the single edit sets status retired (no next due date), in one ' +
          'transaction: if any id is refused (not found) nothing changes, and the 409 names each refused id in ' +
          'details (field ids.<index>, id, message). One equipment.updated audit event per retired unit; units ' +
          'already retired are counted as unchanged.',
        body: equipmentBulkBodySchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.bulkRetire(requireAuth(request), request.body, request.ip),
  );

  app.delete(
    '/auth/equipments/delete/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Delete a unit entered by mistake (only before its first inspection; retire it otherwise)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.delete(requireAuth(request), request.params.id, request.ip),
  );
};
