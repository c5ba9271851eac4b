import {
  emailUpdateBodySchema,
  emailUpdateConfirmBodySchema,
  emailUpdateConfirmResponseSchema,
  emailUpdateResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { EmailChangeService } from './email-change.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ emailChangeService: EmailChangeService }> = async (
  app,
  { emailChangeService },
) => {
  app.patch(
    '/email/update',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['account'],
        summary: 'Start changing my email: sends a code to the new address',
        description:
          'Needs the current password. The old email stays in force until the code is confirmed. Codes: ' +
          '10 minutes, single use, 5 tries; one a minute and five an hour per account (429).',
        body: emailUpdateBodySchema,
        response: { 200: emailUpdateResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => emailChangeService.request(requireAuth(request), request.body, originOf(request)),
  );

  app.post(
    '/email/update/confirm',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['account'],
        summary: 'Confirm my new email with the code; the old address is told',
        body: emailUpdateConfirmBodySchema,
        response: { 200: emailUpdateConfirmResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => emailChangeService.confirm(requireAuth(request), request.body.code, originOf(request)),
  );
};
