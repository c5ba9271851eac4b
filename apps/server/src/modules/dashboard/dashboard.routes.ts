import { dashboardDataResponseSchema } from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses } from '../../core/http.js';
import type { DashboardService } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboardService: DashboardService }> = async (
  app,
  { dashboardService: service },
) => {
  app.get(
    '/dashboard/data',
    {
      config: { access: access.admin },
      schema: {
        tags: ['dashboard'],
        summary: 'Home: figures, charts and lists in one answer',
        description:
          'Figures (active sites, equipment installed, active inspectors and clients, open and overdue assignments, inspections completed and pass rate this month), charts (completed per week for 12 weeks by result, equipment by due status, top sites by failed items over 90 days) and lists (next due, most overdue, latest inspections, recent activity). Every figure and bucket carries the client path of the list it counts. Dates are UTC.',
        response: { 200: dashboardDataResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.data(),
  );
};
