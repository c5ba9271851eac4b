import type { ServerResponse } from 'node:http';
import {
  errorBodySchema,
  idParamsSchema,
  markAllNotificationsReadResponseSchema,
  messageSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationMutationResponseSchema,
  notificationStreamQuerySchema,
  notificationStreamTicketResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, ownObject } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { NotificationBus } from './notification-bus.js';
import type { NotificationsService } from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notificationsService: NotificationsService;
  bus: NotificationBus;
  heartbeatMs: number;
}> = async (app, { notificationsService, bus, heartbeatMs }) => {
  const openStreams = new Set<ServerResponse>();
  // Announcements made while the bus was away are lost to these streams. Closing them (without
  // `end`, which means signed out) makes each browser reconnect with a fresh ticket and refetch.
  const stopWatchingBus = bus.onReconnected(() => {
    for (const stream of openStreams) stream.end();
  });
  // Streams never end by themselves: close them so the server can shut down.
  app.addHook('preClose', async () => {
    stopWatchingBus();
    for (const stream of openStreams) stream.end();
  });

  app.get(
    '/get/notification',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications, newest first",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => notificationsService.listOwn(requireAuth(request), request.query),
  );

  app.patch(
    '/notifications/:id/read',
    {
      config: { access: access.authenticated, ownObject: ownObject('notification') },
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of your notifications as read',
        params: idParamsSchema,
        response: { 200: notificationMutationResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      notificationsService.markRead(requireAuth(request), request.params.id, originOf(request)),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['notifications'],
        summary: 'Marks all of your notifications as read',
        response: { 200: markAllNotificationsReadResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => notificationsService.markAllRead(requireAuth(request), originOf(request)),
  );

  app.delete(
    '/notifications/:id',
    {
      config: { access: access.authenticated, ownObject: ownObject('notification') },
      schema: {
        tags: ['notifications'],
        summary: 'Deletes one of your notifications',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      notificationsService.remove(requireAuth(request), request.params.id, originOf(request)),
  );

  app.post(
    '/notifications/stream-ticket',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['notifications'],
        summary: 'A single-use ticket (valid one minute) that opens the notification stream',
        response: { 200: notificationStreamTicketResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => notificationsService.issueStreamTicket(requireAuth(request)),
  );

  app.get(
    '/notifications/stream',
    {
      // The ticket is the credential: EventSource cannot send an Authorization header.
      config: { access: access.public },
      schema: {
        tags: ['notifications'],
        summary:
          "Server-Sent Events: a `notification` event for each new notification of the ticket's user, " +
          'a comment every 25 s, and `end` when the session is signed out',
        querystring: notificationStreamQuerySchema,
        response: { ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = await notificationsService.openStream(request.query.ticket);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      stream.write('retry: 5000\n: connected\n\n');
      openStreams.add(stream);

      let closed = false;
      const endSignedOut = () => {
        if (closed) return;
        stream.write('event: end\ndata: {"reason":"signed-out"}\n\n');
        stream.end();
        cleanup();
      };
      const unsubscribe = bus.subscribe(userId, (signal) => {
        notificationsService
          .findForUser(signal.id, userId)
          .then((notification) => {
            if (!notification || closed) return;
            stream.write(
              `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify({ notification })}\n\n`,
            );
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'notification stream send failed'));
      });
      // A revocation names its sessions, so the stream ends on the signal itself, before any
      // notification that follows it on the bus could be sent; no database round trip.
      const stopWatchingSessions = bus.onSessionsEnded(userId, (ended) => {
        if (ended.sessionIds.includes(sessionId)) endSignedOut();
      });
      // The heartbeat re-checks the session too: it catches expiry, which nobody announces.
      const checkSession = (heartbeat: boolean) => {
        notificationsService
          .sessionAlive(sessionId)
          .then((alive) => {
            if (closed) return;
            if (!alive) endSignedOut();
            else if (heartbeat) stream.write(': heartbeat\n\n');
          })
          .catch(() => {});
      };
      const heartbeat = setInterval(() => checkSession(true), heartbeatMs);
      const cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        stopWatchingSessions();
        openStreams.delete(stream);
      };
      stream.on('close', cleanup);
      stream.on('finish', cleanup);
      // A revocation that committed between the ticket check and the subscriptions above was not
      // heard: look once more now that nothing can slip through.
      checkSession(false);
    },
  );
};
