import {
  createInspectionCategoryBodySchema,
  idParamsSchema,
  inspectionCategoryListQuerySchema,
  inspectionCategoryListResponseSchema,
  inspectionCategoryMutationResponseSchema,
  inspectionCategoryResponseSchema,
  messageSchema,
  updateInspectionCategoryBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { InspectionCategoriesService } from './inspection-categories.service.js';

const tags = ['inspection categories'];

export const inspectionCategoriesRoutes: FastifyPluginAsyncZod<{
  inspectionCategoriesService: InspectionCategoriesService;
}> = async (app, { inspectionCategoriesService: service }) => {
  app.get(
    '/inspection-categories',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'List inspection categories',
        description:
          'Search by name or description; filter by status (active, inactive, all); sort by name, createdAt, updatedAt.',
        querystring: inspectionCategoryListQuerySchema,
        response: { 200: inspectionCategoryListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/inspection-categories',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Create an inspection category',
        body: createInspectionCategoryBodySchema,
        response: { 201: inspectionCategoryMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, originOf(request))),
  );

  app.get(
    '/inspection-categories/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'One inspection category',
        params: idParamsSchema,
        response: { 200: inspectionCategoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ category: await service.get(request.params.id) }),
  );

  app.patch(
    '/inspection-categories/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Change an inspection category (send `{ "active": false }` to deactivate)',
        params: idParamsSchema,
        body: updateInspectionCategoryBodySchema,
        response: {
          200: inspectionCategoryMutationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/inspection-categories/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Delete an inspection category that nothing uses',
        description: 'A category in use answers 409: deactivate it instead.',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.delete(requireAuth(request), request.params.id, originOf(request)),
  );
};
