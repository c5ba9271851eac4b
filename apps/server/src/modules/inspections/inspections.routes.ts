import {
  idParamsSchema,
  inspectionDetailResponseSchema,
  inspectionExportQuerySchema,
  inspectionHistoryQuerySchema,
  inspectionHistoryResponseSchema,
} from '@inspecta/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import { attachment, EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import { inspectionExportColumns } from './inspection-export.js';
import type { InspectionReportService } from './inspection-report.service.js';
import type { InspectionsService } from './inspections.service.js';

const tags = ['inspections'];

/** Completed inspections for administrators: history, detail, PDF report, export. */
export const inspectionsRoutes: FastifyPluginAsyncZod<{
  inspectionsService: InspectionsService;
  inspectionReportService: InspectionReportService;
}> = async (app, { inspectionsService: service, inspectionReportService }) => {
  app.get(
    '/auth/inspections',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Inspection history: completed inspections across all sites',
        description:
          'Filter by site, inspector, category, result and completion dates (from/to, UTC days, inclusive); search a site code, name or city, an inspector name or an inspection id. Default order newest first (-completedAt). The total is exact up to 10,000 matches; beyond, it says 10,000 with totalIsCapped: true.',
        querystring: inspectionHistoryQuerySchema,
        response: { 200: inspectionHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.history(request.query),
  );

  app.get(
    '/auth/inspections/export',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Download the filtered inspection history as Excel (.xlsx) or CSV',
        description:
          'Same filters as the history list, newest first. Streamed. Text that starts with = + - @ is written as text, never as a formula.',
        querystring: inspectionExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await service.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'inspections',
        sheetName: 'Inspections',
        columns: inspectionExportColumns,
        ...prepared,
      });
    },
  );

  app.get(
    '/auth/inspections/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'A completed inspection: every answer and result, per unit, with the pinned template',
        params: idParamsSchema,
        response: { 200: inspectionDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ inspection: await service.detail(request.params.id) }),
  );

  app.get(
    '/auth/inspections/:id/report',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'The PDF report of a completed inspection',
        description:
          'Company (organisation settings), site, client, inspector, dates, overall result, every section and answer per unit with failed items marked, photos, signature, remarks, page numbers. Streamed as an attachment named inspection-<id>-<siteCode>.pdf.',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await inspectionReportService.report(request.params.id);
      // A stream, not a JSON body: the plain reply type (the route's schema types only the errors).
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'no-store')
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(pdf);
    },
  );
};
