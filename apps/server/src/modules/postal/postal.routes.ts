import { postalLookupParamsSchema, postalLookupResponseSchema } from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses } from '../../core/http.js';
import type { PostalService } from './postal.service.js';

/** The postal pincode lookup (SPEC.md 7), proxied so the browser never calls a third party. */
export const postalRoutes: FastifyPluginAsyncZod<{ postalService: PostalService }> = async (
  app,
  { postalService },
) => {
  app.get(
    '/postal/pincode/:code',
    {
      config: { access: access.admin },
      schema: {
        tags: ['postal'],
        summary: 'Look up a PIN code: city, district, state and the localities it serves',
        description:
          'Checks the format first (400 naming `code`). Answers are cached. 404 when the postal service knows ' +
          'no such code; 503 when it fails or does not answer within the timeout (5 s by default), so the ' +
          'form falls back to typing the address by hand.',
        params: postalLookupParamsSchema,
        response: { 200: postalLookupResponseSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => postalService.lookup(request.params.code),
  );
};
