import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { access } from '../core/access.js';
import { withFields } from '../core/with-fields.js';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' Zod schemas: the document at /api/docs/json, the UI at /api/docs. */
export const apiDocsPlugin = fp<{ productName: string; version: string }>(
  async (app: FastifyInstance, { productName, version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${productName} API`,
          version,
          description:
            'Send the session token from POST /api/auth/login in the Authorization header, raw (no scheme) or as ' +
            '`Bearer <token>`. Errors answer `{ statusCode, error, message, code, details? }`.',
        },
        components: {
          securitySchemes: { sessionToken: { type: 'apiKey', in: 'header', name: 'Authorization' } },
        },
        security: [{ sessionToken: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
      hideUntagged: false,
    });

    await app.register(async (docs) => {
      // The documentation pages are public, like any API reference.
      docs.addHook('onRoute', (route) => {
        route.config = withFields(route.config ?? {}, { access: access.public });
        route.schema = withFields(route.schema ?? {}, { hide: true });
      });
      await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false });
    });
  },
  { name: 'api-docs' },
);
