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

const ACTION_MESSAGES: Record<string, string> = {
  'inspection_category.activated': 'Category activated',
  'inspection_category.deactivated': 'Category deactivated',
  'inspection_category.updated': 'Category saved',
};

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
    async (request, reply) => {
      const category = await service.create(requireAuth(request), request.body, originOf(request));
      return reply.status(201).send({ category, message: 'Category created' });
    },
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
    async (request) => {
      const { category, action } = await service.update(
        requireAuth(request),
        request.params.id,
        request.body,
        originOf(request),
      );
      return { category, message: ACTION_MESSAGES[action] ?? 'Category saved' };
    },
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
    async (request) => {
      const deleted = await service.delete(requireAuth(request), request.params.id, originOf(request));
      return { message: `Category “${deleted.name}” deleted` };
    },
  );
};
