import { deliveryStatusResponseSchema, outboxQuerySchema, outboxResponseSchema } from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import type { DeliveryService } from './delivery.service.js';

export const deliveryRoutes: FastifyPluginAsyncZod<{ deliveryService: DeliveryService }> = async (
  app,
  { deliveryService },
) => {
  app.get(
    '/delivery/status',
    {
      config: { access: access.admin },
      schema: {
        tags: ['delivery'],
        summary: 'Whether email (SMTP) and SMS leave the server or stay in the outbox',
        response: { 200: deliveryStatusResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => deliveryService.status(),
  );

  app.get(
    '/delivery/outbox',
    {
      config: { access: access.admin },
      schema: {
        tags: ['delivery'],
        summary: 'Every email and SMS the server sent or kept, newest first',
        description:
          'Without SMTP_URL (or an SMS gateway) messages stay here with status `queued`: the development ' +
          'outbox, so codes and links can be read on a fresh machine. Codes and links are shown only to the ' +
          'user a message was sent to; for every other administrator they read ••••••. With a mail server ' +
          '(or SMS gateway) configured no body is kept, only recipient, subject and status. `failed` rows ' +
          'carry the reason.',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => deliveryService.listOutbox(requireAuth(request), request.query),
  );
};
