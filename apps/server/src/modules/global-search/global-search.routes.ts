import { globalSearchQuerySchema, globalSearchResponseSchema } from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses } from '../../core/http.js';
import type { GlobalSearchService } from './global-search.service.js';

export const globalSearchRoutes: FastifyPluginAsyncZod<{ globalSearchService: GlobalSearchService }> = async (
  app,
  { globalSearchService: service },
) => {
  app.get(
    '/global/search',
    {
      config: { access: access.admin },
      schema: {
        tags: ['search'],
        summary: 'Search sites, equipment, users, assignments and inspections at once',
        description:
          "Groups by kind, best match first (exact id, SiteId no., asset tag, serial number, email or phone; then prefix; then contains, by trigram similarity). Each kind matches like its own list's `search`, so a group's total is what that list shows for the same term (counted up to 1000). Assignments and completed inspections are found by id.",
        querystring: globalSearchQuerySchema,
        response: { 200: globalSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.search(request.query),
  );
};
