import {
  activityActionsResponseSchema,
  activityListQuerySchema,
  activityListResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import type { ActivityService } from './activity.service.js';

export const activityRoutes: FastifyPluginAsyncZod<{ activityService: ActivityService }> = async (
  app,
  { activityService },
) => {
  app.get(
    '/activity',
    {
      config: { access: access.admin },
      schema: {
        tags: ['activity'],
        summary: 'The activity log: every audit event, newest first, filtered',
        description:
          'Who did what to which object and when, with the before/after difference field by field ' +
          '(`changes`; password hashes, tokens, codes and keys never appear). Filter by `actor_id`, `action`, ' +
          "`entity_type` (+ `entity_id` for one object's history, as the History panels do), a day range " +
          '`from`/`to` (UTC) and `search` (the action or the recorded values). Paged; the total is exact ' +
          'up to 10,000 (`totalIsCapped` beyond). Administrators only.',
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => activityService.list(requireAuth(request), request.query),
  );

  app.get(
    '/activity/actions',
    {
      config: { access: access.admin },
      schema: {
        tags: ['activity'],
        summary: "Every action the audit trail holds, for the activity log's action filter",
        response: { 200: activityActionsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => activityService.actions(requireAuth(request)),
  );
};
