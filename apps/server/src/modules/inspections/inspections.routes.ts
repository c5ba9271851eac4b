import {
  idParamsSchema,
  inspectionDetailResponseSchema,
  inspectionHistoryQuerySchema,
  inspectionHistoryResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses } from '../../core/http.js';
import type { InspectionsService } from './inspections.service.js';

const tags = ['inspections'];

/** Completed inspections for administrators: history, detail, PDF report, export. */
export const inspectionsRoutes: FastifyPluginAsyncZod<{
  inspectionsService: InspectionsService;
}> = async (app, { inspectionsService: service }) => {
  app.get(
    '/auth/inspections',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Inspection history: completed inspections across all sites',
        description:
          'Filter by site, inspector, category, result and completion dates (from/to, UTC days, inclusive); search a site code, name or city, an inspector name or an inspection id. Default order newest first (-completedAt). The total is exact up to 100,000 matches.',
        querystring: inspectionHistoryQuerySchema,
        response: { 200: inspectionHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.history(request.query),
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
};
