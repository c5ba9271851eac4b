import { healthResponseSchema } from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import type { DatabaseHandle } from '../../db/database.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/health',
    {
      config: { access: access.public, rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        security: [],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const up = await database.ping();
      const body = {
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        driver: database.driver,
        version,
      } as const;
      return reply.status(up ? 200 : 503).send(body);
    },
  );
};
