import {
  escalationSettingsMutationResponseSchema,
  escalationSettingsResponseSchema,
  updateEscalationSettingsBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { EscalationService } from './escalation.service.js';

const tags = ['settings'];

export const escalationRoutes: FastifyPluginAsyncZod<{ escalationService: EscalationService }> = async (
  app,
  { escalationService: service },
) => {
  app.get(
    '/settings/escalation',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Escalation rules and the corrective actions’ due-date defaults per priority',
        response: { 200: escalationSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.get(),
  );

  app.put(
    '/settings/escalation',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Replace the escalation rules and the due-date defaults',
        description:
          'The whole list is sent. A rule fires once per object, rule id and due date; changing a rule keeps what it already fired. Audited as settings.escalation_updated.',
        body: updateEscalationSettingsBodySchema,
        response: { 200: escalationSettingsMutationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.update(requireAuth(request), request.body, originOf(request)),
  );
};
