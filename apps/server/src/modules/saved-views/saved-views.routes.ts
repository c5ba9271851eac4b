import {
  createSavedViewBodySchema,
  idParamsSchema,
  messageSchema,
  savedViewDefaultParamsSchema,
  savedViewDefaultResponseSchema,
  savedViewListQuerySchema,
  savedViewListResponseSchema,
  savedViewMutationResponseSchema,
  setSavedViewDefaultBodySchema,
  updateSavedViewBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { SavedViewsService } from './saved-views.service.js';

const tags = ['saved views'];

export const savedViewsRoutes: FastifyPluginAsyncZod<{ savedViewsService: SavedViewsService }> = async (
  app,
  { savedViewsService: service },
) => {
  app.get(
    '/saved-views',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "A list's saved views: the caller's own, then those other administrators share",
        description: 'Each view says whether it is `mine`; only the owner may change or delete it.',
        querystring: savedViewListQuerySchema,
        response: { 200: savedViewListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.post(
    '/saved-views',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Save a list's filters, sort and hidden columns under a name",
        description:
          'The state is checked against the list: its filters, sort fields and columns. A name the caller already uses for the list answers 409.',
        body: createSavedViewBodySchema,
        response: { 201: savedViewMutationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, originOf(request))),
  );

  app.patch(
    '/saved-views/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Rename a view, replace its state, share or unshare it (owner only)',
        description:
          "Another administrator's shared view answers 403, an unshared one 404; a name the owner already uses for the list answers 409.",
        params: idParamsSchema,
        body: updateSavedViewBodySchema,
        response: { 200: savedViewMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/saved-views/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Delete a view (owner only)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.delete(requireAuth(request), request.params.id, originOf(request)),
  );

  app.put(
    '/saved-views/defaults/:list',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Make a view the caller's default of its list",
        description:
          'The list opens with it when its address has no filter or sort. The view must be the caller’s own or one shared with them (else 404) and of this list (else 400 on `viewId`).',
        params: savedViewDefaultParamsSchema,
        body: setSavedViewDefaultBodySchema,
        response: { 200: savedViewDefaultResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setDefault(requireAuth(request), request.params, request.body, originOf(request)),
  );

  app.delete(
    '/saved-views/defaults/:list',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Clear the caller's default view of a list",
        params: savedViewDefaultParamsSchema,
        response: { 200: savedViewDefaultResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.clearDefault(requireAuth(request), request.params, originOf(request)),
  );
};
