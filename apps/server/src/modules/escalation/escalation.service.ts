import {
  type ActionDueDays,
  addDays,
  DEFAULT_ACTION_DUE_DAYS,
  DEFAULT_ESCALATION_RULES,
  type EscalationRule,
  type EscalationSettings,
  type EscalationSettingsMutationResponse,
  type EscalationSettingsResponse,
  type NotificationType,
  storedEscalationSettingsSchema,
  type UpdateEscalationSettingsBody,
  updateEscalationSettingsBodySchema,
  utcDateOf,
} from '@inspecta/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import type { DeliveryService } from '../delivery/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { EscalationRepository, escalationKind } from './escalation.repository.js';

/** How recently a unit must have fallen due to count as "became overdue" for its site's client. */
const CLIENT_OVERDUE_WINDOW_DAYS = 7;
/** Thrown to roll back a site's claim when its client was already told today. */
const ALREADY_TOLD_TODAY = new Error('site already announced today');

const DEFAULTS: EscalationSettings = {
  rules: DEFAULT_ESCALATION_RULES,
  actionDueDays: DEFAULT_ACTION_DUE_DAYS,
};

const personName = (first: string, last: string) => `${first} ${last}`.trim();
const actionPath = (id: number) => `/dashboard/inspection-management/actions/${id}`;
const overduePath = (siteId: number) => `/dashboard/inspection-management?tab=overdue&site=${siteId}`;
const inspectorPath = (id: number) => `/inspector/assignments/${id}`;

/** One step that fired (what a run answers, for tests and logs). */
export interface FiredStep {
  ruleId: string;
  objectType: 'assignment' | 'corrective_action' | 'site';
  objectId: number;
  notified: number;
  emailed: number;
}

/** What one step tells whom, prepared before the claim. */
interface Step {
  objectType: FiredStep['objectType'];
  objectId: number;
  dueOn: string;
  messages: Array<{
    recipients: number[];
    type: NotificationType;
    title: string;
    body: string;
    link: string;
  }>;
  email: { to: string; subject: string; text: string } | null;
}

/**
 * Escalation rules (kept in app_settings under `escalation`) and the one job that evaluates them.
 * Each (rule, object, due date) fires once, ever: the step is claimed in `notification_dispatch`
 * (INSERT … ON CONFLICT DO NOTHING on (kind, object_id)) in the same transaction as its
 * notifications, its queued email and its audit event, so a second process blocks on the first
 * one's claim and then finds it taken. Rescheduling an assignment (a new due date) arms its steps
 * again. Within a process a run never overlaps the previous one.
 */
export class EscalationService {
  private running: Promise<FiredStep[]> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
    private readonly delivery: DeliveryService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The stored settings, with the defaults for whatever was never saved. */
  async settings(executor: Executor = this.db): Promise<EscalationSettings> {
    const stored = await new EscalationRepository(executor).getSetting();
    const parsed = storedEscalationSettingsSchema.safeParse(
      withFields(DEFAULTS, (stored as object | undefined) ?? {}),
    );
    return parsed.success ? parsed.data : DEFAULTS;
  }

  async actionDueDays(executor: Executor = this.db): Promise<ActionDueDays> {
    return (await this.settings(executor)).actionDueDays;
  }

  async get(): Promise<EscalationSettingsResponse> {
    return { escalation: await this.settings() };
  }

  async update(
    auth: AuthContext,
    input: UpdateEscalationSettingsBody,
    origin: RequestOrigin,
  ): Promise<EscalationSettingsMutationResponse> {
    const body = updateEscalationSettingsBodySchema.parse(input);
    const escalation = await this.db.transaction(async (tx) => {
      const before = await this.settings(tx);
      const after: EscalationSettings = { rules: body.rules, actionDueDays: body.actionDueDays };
      await new EscalationRepository(tx).putSetting(after, this.clock.now());
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'settings.escalation_updated',
        entityType: 'settings',
        entityId: 'escalation',
        before,
        after,
        ipAddress: origin.ip,
      });
      return after;
    });
    return { escalation, message: 'Escalation rules saved' };
  }

  // ------------------------------------------------------------------------------------ the job

  /** One pass over every enabled rule at `now` (default: the clock). Overlapping calls share one run. */
  runOnce(now?: Date): Promise<FiredStep[]> {
    this.running ??= this.run(now ?? this.clock.now()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: Date): Promise<FiredStep[]> {
    const today = utcDateOf(now);
    const { rules } = await this.settings();
    const fired: FiredStep[] = [];
    for (const rule of rules) {
      if (!rule.enabled) continue;
      const steps = await this.stepsOf(rule, today);
      for (const step of steps) {
        const result = await this.fire(rule, step);
        if (result) fired.push(result);
      }
    }
    fired.push(...(await this.siteOverdueForClients(today)));
    return fired;
  }

  /**
   * Tells each site's client when units at the site became overdue (site.overdue, linking to the
   * site in the portal): at most one notice per site per day, and one per "latest overdue due date",
   * so a site whose units stay overdue is not announced again every day. Only units that fell due
   * within the last CLIENT_OVERDUE_WINDOW_DAYS count as "became overdue", so the first run after an
   * upgrade does not announce years-old backlogs. Both claims and the notice share a transaction.
   */
  private async siteOverdueForClients(today: string): Promise<FiredStep[]> {
    const rows = await new EscalationRepository(this.db).newlyOverdueClientSites(
      addDays(today, -CLIENT_OVERDUE_WINDOW_DAYS),
      today,
    );
    const fired: FiredStep[] = [];
    for (const r of rows) {
      const notified = await this.db
        .transaction(async (tx) => {
          const repo = new EscalationRepository(tx);
          if (!(await repo.claim(`site_overdue:${r.latestDue}`, r.siteId))) return null;
          // Already told today: undo the first claim too, so tomorrow's run announces this one.
          if (!(await repo.claim(`site_overdue_day:${today}`, r.siteId))) throw ALREADY_TOLD_TODAY;
          const sent = await this.notifications.notify(tx, {
            recipients: [r.clientId],
            type: 'site.overdue',
            title: `Inspection overdue: ${r.siteName}`,
            body: `${r.units === 1 ? 'A unit' : `${r.units} units`} at ${r.siteCode} ${r.siteName} ${r.units === 1 ? 'is' : 'are'} now overdue for inspection. We will schedule the visit.`,
            link: `/portal/sites/${r.siteId}`,
          });
          await recordAudit(tx, {
            actorId: null,
            action: 'escalation.site_overdue_notified',
            entityType: 'site',
            entityId: r.siteId,
            after: { clientId: r.clientId, latestDue: r.latestDue, units: r.units, notified: sent.length },
          });
          return sent.length;
        })
        .catch((error: unknown) => {
          if (error === ALREADY_TOLD_TODAY) return null;
          throw error;
        });
      if (notified !== null)
        fired.push({
          ruleId: 'client_site_overdue',
          objectType: 'site',
          objectId: r.siteId,
          notified,
          emailed: 0,
        });
    }
    return fired;
  }

  private async stepsOf(rule: EscalationRule, today: string): Promise<Step[]> {
    const repo = new EscalationRepository(this.db);
    const wants = (r: string) => rule.notify.includes(r as never);
    const admins = wants('admins') ? await this.notifications.adminRecipients(this.db) : [];
    if (rule.trigger === 'action_overdue') {
      const rows = await repo.overdueActions(rule.id, addDays(today, -rule.days));
      return rows.map((r) => {
        const late = rule.days > 0 ? ` (${rule.days} ${rule.days === 1 ? 'day' : 'days'} late or more)` : '';
        const base = {
          type: 'action.overdue' as const,
          title: `Corrective action overdue: ${r.title}`,
          body: `Action #${r.id} at ${r.siteCode} ${r.siteName} was due on ${r.dueOn}${late}.`,
          link: actionPath(r.id),
        };
        const messages: Step['messages'] = [];
        if (wants('owner') && r.ownerId)
          messages.push(
            withFields(
              withFields(base, { recipients: [r.ownerId] }),
              r.ownerIsClient ? { link: `/portal/actions/${r.id}` } : {},
            ),
          );
        if (wants('admins'))
          messages.push(
            withFields(base, { recipients: admins.filter((a) => a !== r.ownerId || !wants('owner')) }),
          );
        return { objectType: 'corrective_action', objectId: r.id, dueOn: r.dueOn, messages, email: null };
      });
    }
    const rows =
      rule.trigger === 'assignment_not_started'
        ? await repo.notStarted(rule.id, today, addDays(today, rule.days))
        : await repo.overdueAssignments(rule.id, addDays(today, -rule.days));
    return rows.map((r) => {
      const inspector = personName(r.inspectorFirstName, r.inspectorLastName);
      const messages: Step['messages'] = [];
      let email: Step['email'] = null;
      if (rule.trigger === 'assignment_not_started') {
        const text = `${r.templateName} at ${r.siteCode} ${r.siteName} is due on ${r.dueOn} and has not been started.`;
        if (wants('inspector'))
          messages.push({
            recipients: [r.inspectorId],
            type: 'assignment.reminder',
            title: `Due soon: ${r.siteName}`,
            body: text,
            link: inspectorPath(r.id),
          });
        if (wants('admins'))
          messages.push({
            recipients: admins,
            type: 'assignment.reminder',
            title: `Not started: ${r.siteName}`,
            body: `${text} Assigned to ${inspector}.`,
            link: overduePath(r.siteId),
          });
      } else {
        const title = `Assignment overdue: ${r.siteName}`;
        const body = `${r.templateName} at ${r.siteCode} was due on ${r.dueOn}; assigned to ${inspector}.`;
        if (wants('admins'))
          messages.push({
            recipients: admins,
            type: 'assignment.overdue',
            title,
            body,
            link: overduePath(r.siteId),
          });
        if (wants('inspector'))
          messages.push({
            recipients: [r.inspectorId],
            type: 'assignment.overdue',
            title,
            body,
            link: inspectorPath(r.id),
          });
        const to = r.contactEmail ?? r.clientEmail;
        if (wants('client_contact') && to)
          email = {
            to,
            subject: `Inspection overdue at ${r.siteName}`,
            text: `Hello${r.contactName ? ` ${r.contactName}` : ''},\n\nThe ${r.templateName} inspection at ${r.siteName} (${r.siteCode}) was due on ${r.dueOn} and is not completed yet. We are on it and will confirm the new date.\n`,
          };
      }
      return { objectType: 'assignment', objectId: r.id, dueOn: r.dueOn, messages, email };
    });
  }

  /** Claims and fires one step in one transaction; null when another run claimed it first. */
  private async fire(rule: EscalationRule, step: Step): Promise<FiredStep | null> {
    const kind = escalationKind(rule.trigger, rule.id, step.dueOn);
    const outcome = await this.db.transaction(async (tx) => {
      if (!(await new EscalationRepository(tx).claim(kind, step.objectId))) return null;
      let notified = 0;
      for (const message of step.messages) {
        if (!message.recipients.length) continue;
        notified += (await this.notifications.notify(tx, message)).length;
      }
      const emailId = step.email ? await this.delivery.queueEmail(tx, step.email) : null;
      await recordAudit(tx, {
        actorId: null,
        action: 'escalation.fired',
        entityType: step.objectType,
        entityId: step.objectId,
        after: {
          rule: rule.id,
          trigger: rule.trigger,
          days: rule.days,
          dueOn: step.dueOn,
          notify: rule.notify,
          notified,
          emailed: emailId ? 1 : 0,
        },
      });
      return { notified, emailId };
    });
    if (!outcome) return null;
    if (outcome.emailId) await this.delivery.dispatch(outcome.emailId);
    return {
      ruleId: rule.id,
      objectType: step.objectType,
      objectId: step.objectId,
      notified: outcome.notified,
      emailed: outcome.emailId ? 1 : 0,
    };
  }

  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.log.error({ err: error }, 'escalation job failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
