import {
  createScheduleBodySchema,
  idParamsSchema,
  scheduleCalendarQuerySchema,
  scheduleCalendarResponseSchema,
  scheduleDetailResponseSchema,
  scheduleListQuerySchema,
  scheduleListResponseSchema,
  scheduleMutationResponseSchema,
  schedulePreviewBodySchema,
  schedulePreviewResponseSchema,
  updateScheduleBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { SchedulesService } from './schedules.service.js';

const tags = ['schedules'];

export const schedulesRoutes: FastifyPluginAsyncZod<{ schedulesService: SchedulesService }> = async (
  app,
  { schedulesService: service },
) => {
  app.get(
    '/schedules',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'List schedules',
        querystring: scheduleListQuerySchema,
        response: { 200: scheduleListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/schedules/calendar',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Planned (not yet created) and assigned work per day, with the workload per inspector',
        description:
          'from (default today) to (default from + 89 days), at most 366 days; filter by inspector or site.',
        querystring: scheduleCalendarQuerySchema,
        response: { 200: scheduleCalendarResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.calendar(request.query),
  );

  app.post(
    '/schedules/preview',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'What a schedule would create in the next `days` (default 90)',
        body: schedulePreviewBodySchema,
        response: { 200: schedulePreviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.preview(request.body),
  );

  app.post(
    '/schedules',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Create a schedule',
        body: createScheduleBodySchema,
        response: { 201: scheduleMutationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, originOf(request))),
  );

  app.get(
    '/schedules/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'One schedule with its latest assignments and the next 90 days',
        params: idParamsSchema,
        response: { 200: scheduleDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ schedule: await service.detail(request.params.id) }),
  );

  app.patch(
    '/schedules/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Change a schedule (assignments already created are unchanged)',
        description: 'The whole form is sent. An ended schedule answers 409.',
        params: idParamsSchema,
        body: updateScheduleBodySchema,
        response: { 200: scheduleMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  for (const change of ['pause', 'resume', 'end'] as const)
    app.post(
      `/schedules/:id/${change}`,
      {
        config: { access: access.admin },
        schema: {
          tags,
          summary: `${change[0]!.toUpperCase()}${change.slice(1)} a schedule`,
          description: 'A change the state does not allow answers 409.',
          params: idParamsSchema,
          response: { 200: scheduleMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.setStatus(requireAuth(request), request.params.id, change, originOf(request)),
    );
};
