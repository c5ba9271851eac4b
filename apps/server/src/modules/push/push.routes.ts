import {
  createPushRegistrationBodySchema,
  idParamsSchema,
  messageSchema,
  pushRegistrationListResponseSchema,
  pushRegistrationResponseSchema,
  updatePushRegistrationBodySchema,
  vapidPublicKeyResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, ownObject } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { PushService } from './push.service.js';

/** Web push registrations: each user manages their own devices only (others' ids answer 404). */
export const pushRoutes: FastifyPluginAsyncZod<{ pushService: PushService }> = async (
  app,
  { pushService },
) => {
  app.get(
    '/push/vapid-public-key',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
        response: { 200: vapidPublicKeyResponseSchema, ...errorResponses(401) },
      },
    },
    async () => pushService.publicKey(),
  );

  app.get(
    '/push/registrations',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['push'],
        summary: 'Your devices registered for browser notifications',
        response: { 200: pushRegistrationListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => pushService.listOwn(requireAuth(request)),
  );

  app.post(
    '/push/registrations',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['push'],
        summary:
          'Registers this browser for push (its PushSubscription); the same endpoint again refreshes it',
        description:
          '201 for a new registration, 200 when this user had already registered the endpoint. An endpoint ' +
          'another user registered moves to the caller.',
        body: createPushRegistrationBodySchema,
        response: {
          200: pushRegistrationResponseSchema,
          201: pushRegistrationResponseSchema,
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, response } = await pushService.register(
        requireAuth(request),
        request.body,
        originOf(request),
      );
      return reply.code(created ? 201 : 200).send(response);
    },
  );

  app.patch(
    '/push/registrations/:id',
    {
      config: { access: access.authenticated, ownObject: ownObject('push-registration') },
      schema: {
        tags: ['push'],
        summary:
          'Refreshes one of your registrations (the 7-day re-send), with new endpoint and keys if they changed',
        params: idParamsSchema,
        body: updatePushRegistrationBodySchema,
        response: { 200: pushRegistrationResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      pushService.refresh(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/push/registrations/:id',
    {
      config: { access: access.authenticated, ownObject: ownObject('push-registration') },
      schema: {
        tags: ['push'],
        summary: 'Stops browser notifications on one of your devices',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => pushService.unregister(requireAuth(request), request.params.id, originOf(request)),
  );
};
