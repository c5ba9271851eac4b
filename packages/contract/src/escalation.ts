import { z } from 'zod';

/**
 * Escalation (issue 19, docs/maintenance.md): rules kept in Settings that one background job
 * evaluates. Each rule fires once per object and step (the rule, for that object's due date), even
 * with several server processes, and leaves an audit event. Also in this settings area: the
 * default number of days a corrective action gets, per priority.
 */

export const escalationTriggers = ['assignment_not_started', 'assignment_overdue', 'action_overdue'] as const;
export const escalationTriggerSchema = z.enum(escalationTriggers, {
  error: 'Trigger must be assignment_not_started, assignment_overdue or action_overdue',
});
export type EscalationTrigger = z.infer<typeof escalationTriggerSchema>;

/**
 * Who is told: `inspector` (the assignment's inspector), `owner` (the action's owner), `admins`
 * (every active administrator, in the app and by push), `client_contact` (an email to the site's
 * client through the delivery outbox).
 */
export const escalationRecipients = ['inspector', 'owner', 'admins', 'client_contact'] as const;
export const escalationRecipientSchema = z.enum(escalationRecipients);
export type EscalationRecipient = z.infer<typeof escalationRecipientSchema>;

/** Which recipients make sense for which trigger. */
export const escalationRecipientsByTrigger: Record<EscalationTrigger, readonly EscalationRecipient[]> = {
  assignment_not_started: ['inspector', 'admins'],
  assignment_overdue: ['inspector', 'admins', 'client_contact'],
  action_overdue: ['owner', 'admins'],
};

export const ESCALATION_RULES_MAX = 20;
export const ESCALATION_DAYS_MAX = 365;

export const escalationRuleSchema = z
  .object({
    id: z
      .string({ error: 'Rule id is required' })
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Rule id: lower-case letters, digits, - and _ (up to 40)')
      .describe('Stable key: a step fires once per object and rule id'),
    trigger: escalationTriggerSchema,
    days: z
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(0, 'Days must be 0 or more')
      .max(ESCALATION_DAYS_MAX, `Days must be at most ${ESCALATION_DAYS_MAX}`)
      .describe('assignment_not_started: days before the due date; the others: days past it'),
    notify: z
      .array(escalationRecipientSchema, { error: 'Choose who is told' })
      .min(1, 'Choose who is told')
      .max(4)
      .transform((v) => [...new Set(v)]),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    const allowed = escalationRecipientsByTrigger[rule.trigger];
    rule.notify.forEach((r, i) => {
      if (!allowed.includes(r))
        ctx.addIssue({
          code: 'custom',
          path: ['notify', i],
          message: `${r} cannot be told for ${rule.trigger} (choose from ${allowed.join(', ')})`,
        });
    });
  });
export type EscalationRule = z.output<typeof escalationRuleSchema>;
export type EscalationRuleInput = z.input<typeof escalationRuleSchema>;

export const actionDueDaysSchema = z.object({
  low: z.number().int().min(1).max(365),
  normal: z.number().int().min(1).max(365),
  high: z.number().int().min(1).max(365),
  urgent: z.number().int().min(1).max(365),
});
export type ActionDueDays = z.infer<typeof actionDueDaysSchema>;

/** Defaults: the rules of the issue, and the former overdue job as `assignment-overdue`. */
export const DEFAULT_ESCALATION_RULES: EscalationRule[] = [
  {
    id: 'assignment-reminder',
    trigger: 'assignment_not_started',
    days: 1,
    notify: ['inspector'],
    enabled: true,
  },
  {
    id: 'assignment-overdue',
    trigger: 'assignment_overdue',
    days: 0,
    notify: ['admins', 'inspector'],
    enabled: true,
  },
  {
    id: 'assignment-overdue-client',
    trigger: 'assignment_overdue',
    days: 7,
    notify: ['client_contact'],
    enabled: false,
  },
  { id: 'action-overdue-owner', trigger: 'action_overdue', days: 0, notify: ['owner'], enabled: true },
  { id: 'action-overdue-admins', trigger: 'action_overdue', days: 3, notify: ['admins'], enabled: true },
];
export const DEFAULT_ACTION_DUE_DAYS: ActionDueDays = { low: 30, normal: 14, high: 7, urgent: 2 };

/** A rule as the API answers it (no input rules). */
export const escalationRuleViewSchema = z.object({
  id: z.string(),
  trigger: escalationTriggerSchema,
  days: z.number().int(),
  notify: z.array(escalationRecipientSchema),
  enabled: z.boolean(),
});

export const escalationSettingsSchema = z.object({
  rules: z.array(escalationRuleViewSchema),
  actionDueDays: actionDueDaysSchema.describe('Days from creation to a corrective action’s default due date'),
});
export type EscalationSettings = z.output<typeof escalationSettingsSchema>;

/** What is stored in Settings, checked with the same rules as the PUT body when read back. */
export const storedEscalationSettingsSchema = z.object({
  rules: z.array(escalationRuleSchema),
  actionDueDays: actionDueDaysSchema,
});

function dueDays(label: string) {
  return z
    .number({ error: `${label}: days must be a number` })
    .int(`${label}: days must be a whole number`)
    .min(1, `${label}: at least 1 day`)
    .max(365, `${label}: at most 365 days`);
}

/** PUT /api/settings/escalation: the whole rule list and the due-date defaults. */
export const updateEscalationSettingsBodySchema = z
  .object({
    rules: z.array(escalationRuleSchema).max(ESCALATION_RULES_MAX, `At most ${ESCALATION_RULES_MAX} rules`),
    actionDueDays: z.object({
      low: dueDays('Low'),
      normal: dueDays('Normal'),
      high: dueDays('High'),
      urgent: dueDays('Urgent'),
    }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rules.forEach((rule, i) => {
      if (seen.has(rule.id))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: 'Rule ids must differ' });
      seen.add(rule.id);
    });
  });
export type UpdateEscalationSettingsBody = z.input<typeof updateEscalationSettingsBodySchema>;

/** GET /api/settings/escalation */
export const escalationSettingsResponseSchema = z.object({ escalation: escalationSettingsSchema });
export type EscalationSettingsResponse = z.infer<typeof escalationSettingsResponseSchema>;
export const escalationSettingsMutationResponseSchema = z.object({
  escalation: escalationSettingsSchema,
  message: z.string(),
});
export type EscalationSettingsMutationResponse = z.infer<typeof escalationSettingsMutationResponseSchema>;
