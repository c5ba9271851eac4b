import {
  type ActionDueDays,
  addDays,
  CORRECTIVE_ACTION_COUNT_CAP,
  type CorrectiveAction,
  type CorrectiveActionCountsQuery,
  type CorrectiveActionCountsResponse,
  type CorrectiveActionDetail,
  type CorrectiveActionExportQuery,
  type CorrectiveActionListQueryValues,
  type CorrectiveActionListResponse,
  type CorrectiveActionMutationResponse,
  type CorrectiveActionStatus,
  type CorrectiveActionStatusBody,
  type CreateCorrectiveActionBody,
  correctiveActionCommentFieldsSchema,
  correctiveActionStatusBodySchema,
  correctiveActionTransitions,
  createCorrectiveActionBodySchema,
  type FieldError,
  INSPECTION_IMAGE_MAX_SIDE,
  type ItemResult,
  laterDate,
  type PortalAction,
  type PortalActionDetail,
  type PortalActionListQueryValues,
  type PortalActionListResponse,
  type PortalComment,
  type RequestReinspectionBody,
  requestReinspectionBodySchema,
  type TemplateContent,
  templateContentSchema,
  type UpdateCorrectiveActionBody,
  updateCorrectiveActionBodySchema,
  utcDateOf,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit, recordAudits } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { type FileStorage, generateFileName } from '../../core/files/file-storage.js';
import { fileUrl } from '../../core/files/file-urls.js';
import { processProfileImage } from '../../core/files/image-processing.js';
import { paginationOf } from '../../core/paging.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { cappedTotal, parseSort } from '../../db/query-helpers.js';
import type { AssignmentsService } from '../assignments/index.js';
import type { NotificationsService } from '../notifications/index.js';
import {
  type ActionFilter,
  type ActionRow,
  type ActionWithRefs,
  CorrectiveActionsRepository,
  type NewActionRow,
} from './corrective-actions.repository.js';

export const actionPath = (id: number) => `/dashboard/inspection-management/actions/${id}`;
/** Where a client reads an action of its site (the portal). */
const portalActionPath = (id: number) => `/portal/actions/${id}`;
const OPEN_STATUSES: readonly CorrectiveActionStatus[] = ['open', 'in_progress'];
/** What the owning inspector may move their action to. */
const INSPECTOR_STATUSES: readonly CorrectiveActionStatus[] = ['open', 'in_progress', 'resolved'];
const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** What a completed inspection hands over, inside its submit transaction. */
export interface CompletedInspection {
  inspectionId: number;
  assignmentId: number;
  siteId: number;
  inspectorId: number;
  content: TemplateContent;
  answers: {
    units: Array<{ equipmentId: number | null; answers: Record<string, unknown> }>;
    remarks: string | null;
  };
  results: Array<{ equipmentId: number | null; result: 'pass' | 'fail'; items: ItemResult[] }>;
  remarks: string | null;
  now: Date;
  ip: string | null;
}

interface ItemInfo {
  label: string;
  sectionKey: string;
}

function itemIndex(content: TemplateContent): Map<string, ItemInfo> {
  const index = new Map<string, ItemInfo>();
  for (const section of content.sections)
    for (const item of section.items)
      index.set(item.key, { label: item.label || item.key, sectionKey: section.key });
  return index;
}

/** Photos of a unit's answers in the same section as the item (photo items hold lists of URLs). */
function sectionPhotos(
  content: TemplateContent,
  sectionKey: string,
  answers: Record<string, unknown>,
): string[] {
  const section = content.sections.find((s) => s.key === sectionKey);
  if (!section) return [];
  return section.items
    .filter((i) => i.type === 'photo')
    .flatMap((i) => {
      const value = answers[i.key];
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    })
    .slice(0, 20);
}

function toAction(row: ActionWithRefs, today: string): CorrectiveAction {
  const a = row.action;
  return {
    id: a.id,
    title: a.title,
    status: a.status,
    priority: a.priority,
    overdue: OPEN_STATUSES.includes(a.status) && a.dueOn < today,
    dueOn: a.dueOn,
    source: a.source,
    requiresEvidence: a.requiresEvidence,
    owner: row.owner ? { id: row.owner.id, name: personName(row.owner), role: row.owner.userType } : null,
    site: row.site,
    equipment: row.equipment,
    inspectionId: a.inspectionId,
    itemKey: a.itemKey,
    itemLabel: a.itemLabel,
    reinspectionNote: a.reinspectionNote,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    resolvedAt: a.resolvedAt?.toISOString() ?? null,
    verifiedAt: a.verifiedAt?.toISOString() ?? null,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
  };
}

/** The fields the history and the audit compare. */
const TRACKED = [
  'title',
  'description',
  'priority',
  'ownerId',
  'dueOn',
  'requiresEvidence',
  'status',
] as const;
function diff(before: Partial<ActionRow>, after: Partial<ActionRow>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of TRACKED)
    if (key in after && before[key] !== after[key])
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  return changes;
}

/** Corrective actions: created from failed items, followed up, verified by a re-inspection. */
export class CorrectiveActionsService {
  private readonly repo: CorrectiveActionsRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
    private readonly assignments: AssignmentsService,
    private readonly dueDays: (executor: Executor) => Promise<ActionDueDays>,
    private readonly storage: FileStorage,
  ) {
    this.repo = new CorrectiveActionsRepository(db);
  }

  private today(): string {
    return utcDateOf(this.clock.now());
  }

  // ------------------------------------------------------------------ from the inspector's submit

  /**
   * Runs inside the submit transaction of an inspection: settles the actions whose re-inspection
   * this was (pass → verified; fail → stays open with a note), then creates one action per failed
   * item and unit that is not such a re-inspected item. Anything thrown rolls the submit back.
   */
  async onInspectionCompleted(tx: Executor, input: CompletedInspection): Promise<number[]> {
    const repo = new CorrectiveActionsRepository(tx);
    const outcomeOf = (equipmentId: number | null, key: string) =>
      input.results.find((r) => r.equipmentId === equipmentId)?.items.find((i) => i.key === key);
    const settled = new Set<string>();
    for (const { action } of await repo.reinspectionsOfAssignment(input.assignmentId)) {
      const item = action.itemKey ? outcomeOf(action.equipmentId, action.itemKey) : undefined;
      const unitResult = input.results.find((r) => r.equipmentId === action.equipmentId)?.result;
      const failed = item ? item.outcome === 'fail' : unitResult === 'fail';
      settled.add(`${action.equipmentId ?? 0}:${action.itemKey}`);
      await repo.setReinspectionResult(
        action.id,
        input.assignmentId,
        failed ? 'fail' : 'pass',
        input.inspectionId,
      );
      if (action.status === 'verified' || action.status === 'cancelled') continue;
      const day = utcDateOf(input.now);
      if (!failed) {
        const changes = {
          status: 'verified' as const,
          verifiedAt: input.now,
          resolvedAt: action.resolvedAt ?? input.now,
          reinspectionNote: null,
        };
        await repo.update(action.id, changes);
        const note = `Re-inspection #${input.inspectionId} passed on ${day}`;
        await repo.insertEvents([
          {
            actionId: action.id,
            actorId: null,
            action: 'reinspection_passed',
            changes: diff(action, changes),
            note,
          },
        ]);
        await recordAudit(tx, {
          actorId: null,
          action: 'corrective_action.verified',
          entityType: 'corrective_action',
          entityId: action.id,
          before: { status: action.status },
          after: { status: 'verified', inspectionId: input.inspectionId },
          ipAddress: input.ip,
        });
        await this.notifyAdminsAndOwner(tx, action, {
          type: 'action.verified',
          title: `Corrective action verified: ${action.title}`,
          body: `${note}; the action is closed.`,
        });
      } else {
        const note = `Re-inspection #${input.inspectionId} on ${day} failed again${item?.reason ? `: ${item.reason}` : ''}`;
        const changes = {
          status: action.status === 'resolved' ? ('open' as const) : action.status,
          reinspectionNote: note,
        };
        await repo.update(action.id, changes);
        await repo.insertEvents([
          {
            actionId: action.id,
            actorId: null,
            action: 'reinspection_failed',
            changes: diff(action, changes),
            note,
          },
        ]);
        await recordAudit(tx, {
          actorId: null,
          action: 'corrective_action.reinspection_failed',
          entityType: 'corrective_action',
          entityId: action.id,
          before: { status: action.status },
          after: { status: changes.status, inspectionId: input.inspectionId },
          ipAddress: input.ip,
        });
        await this.notifyAdminsAndOwner(tx, action, {
          type: 'action.reinspection_failed',
          title: `Re-inspection failed: ${action.title}`,
          body: `${note}. The action stays open.`,
        });
      }
    }

    const items = itemIndex(input.content);
    const failures = input.results.flatMap((unit) =>
      unit.items
        .filter((i) => i.outcome === 'fail' && !settled.has(`${unit.equipmentId ?? 0}:${i.key}`))
        .map((i) => ({ unit, item: i })),
    );
    if (!failures.length) return [];
    const units = new Map(
      (await repo.unitsByIds(failures.flatMap((f) => (f.unit.equipmentId ? [f.unit.equipmentId] : [])))).map(
        (u) => [u.id, u],
      ),
    );
    const dueDays = await this.dueDays(tx);
    const today = utcDateOf(input.now);
    const answersOf = new Map(input.answers.units.map((u) => [u.equipmentId ?? null, u.answers]));
    const values: NewActionRow[] = failures.map(({ unit, item }) => {
      const info = items.get(item.key);
      const label = info?.label ?? item.key;
      const equipment = unit.equipmentId ? units.get(unit.equipmentId) : undefined;
      const priority = equipment?.isCritical ? ('high' as const) : ('normal' as const);
      const answers = answersOf.get(unit.equipmentId ?? null) ?? {};
      return {
        title: (equipment ? `${label} — ${equipment.assetTag}` : label).slice(0, 200),
        description: item.reason,
        status: 'open',
        priority,
        source: 'inspection',
        requiresEvidence: true,
        siteId: input.siteId,
        equipmentId: unit.equipmentId,
        inspectionId: input.inspectionId,
        itemKey: item.key,
        itemLabel: label,
        answer: (answers[item.key] ?? null) as never,
        remark: input.remarks,
        photos: info ? sectionPhotos(input.content, info.sectionKey, answers) : [],
        dueOn: addDays(today, dueDays[priority]),
        createdAt: input.now,
        updatedAt: input.now,
      };
    });
    const rows = await repo.insertMany(values);
    await repo.insertEvents(
      rows.map((r) => ({
        actionId: r.id,
        actorId: null,
        action: 'created',
        changes: {
          status: { from: null, to: 'open' },
          dueOn: { from: null, to: r.dueOn },
          priority: { from: null, to: r.priority },
        },
        note: `From inspection #${input.inspectionId}`,
      })),
    );
    await recordAudits(
      tx,
      rows.map((r) => ({
        actorId: input.inspectorId,
        action: 'corrective_action.created',
        entityType: 'corrective_action',
        entityId: r.id,
        after: {
          inspectionId: input.inspectionId,
          equipmentId: r.equipmentId,
          itemKey: r.itemKey,
          dueOn: r.dueOn,
          priority: r.priority,
        },
        ipAddress: input.ip,
      })),
    );
    await this.notifications.notify(tx, {
      recipients: await this.notifications.adminRecipients(tx, [input.inspectorId]),
      type: 'action.created',
      title:
        rows.length === 1
          ? `Corrective action created: ${rows[0]!.title}`
          : `${rows.length} corrective actions created`,
      body: `From the failed items of inspection #${input.inspectionId}.`,
      link:
        rows.length === 1
          ? actionPath(rows[0]!.id)
          : `/dashboard/inspection-management?tab=actions&view=open`,
    });
    await this.notifySiteClient(tx, input.siteId, rows);
    return rows.map((r) => r.id);
  }

  /** For the inspection detail: the action of each failed (unit, item). */
  actionIdsOf(inspectionId: number): Promise<Map<string, number>> {
    return this.repo.actionIdsOf(inspectionId);
  }

  // ------------------------------------------------------------------ reading

  private filterOf(auth: AuthContext, q: Omit<CorrectiveActionExportQuery, 'format'>): ActionFilter {
    return {
      search: q.search || undefined,
      view: q.view,
      status: q.status,
      priority: q.priority,
      siteId: q.site_id,
      equipmentId: q.equipment_id,
      // An inspector sees only the actions they own, whatever they ask for.
      ownerId: auth.userType === 'admin' ? q.owner_id : auth.userId,
      inspectionId: q.inspection_id,
      me: auth.userId,
      today: this.today(),
    };
  }

  async list(
    auth: AuthContext,
    query: CorrectiveActionListQueryValues,
  ): Promise<CorrectiveActionListResponse> {
    const filter = this.filterOf(auth, query);
    const sort = parseSort(query.sort, filter.search ? 'relevance' : 'dueOn');
    const [rows, counted] = await Promise.all([
      this.repo.list(filter, sort, (query.page - 1) * query.limit, query.limit),
      this.repo.countCapped(filter, CORRECTIVE_ACTION_COUNT_CAP),
    ]);
    const { total, capped } = cappedTotal(counted, CORRECTIVE_ACTION_COUNT_CAP);
    return {
      actions: rows.map((r) => toAction(r, filter.today)),
      pagination: paginationOf(query, total, capped),
    };
  }

  async startExport(
    auth: AuthContext,
    { format, ...filters }: CorrectiveActionExportQuery,
    ip: string,
  ): Promise<PreparedExport<CorrectiveAction>> {
    const filter = this.filterOf(auth, filters);
    const rowCount = await this.repo.countCapped(filter, Number.MAX_SAFE_INTEGER - 1);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'corrective_action',
      format,
      filters,
      rowCount,
    });
    const today = filter.today;
    return {
      rowCount,
      date: today,
      batches: (async function* (repo: CorrectiveActionsRepository) {
        for await (const batch of keysetBatches(
          (afterId, size) => repo.batchAfter(filter, afterId, size),
          (r) => r.action.id,
        ))
          yield batch.map((r) => toAction(r, today));
      })(this.repo),
    };
  }

  async counts(query: CorrectiveActionCountsQuery): Promise<CorrectiveActionCountsResponse> {
    return this.repo.counts(query.site_id, query.equipment_id, this.today());
  }

  /** The action if the caller may see it: an administrator any, an inspector only their own (404 otherwise). */
  private async visible(auth: AuthContext, id: number): Promise<ActionWithRefs> {
    const row = await this.repo.findById(id);
    if (!row || (auth.userType !== 'admin' && row.action.ownerId !== auth.userId))
      throw AppError.notFound('Corrective action');
    return row;
  }

  async assertVisible(auth: AuthContext, id: number): Promise<void> {
    await this.visible(auth, id);
  }

  private allowedTransitions(auth: AuthContext, a: ActionRow): CorrectiveActionStatus[] {
    const next = correctiveActionTransitions[a.status].filter((s) => s !== 'verified' || !a.requiresEvidence);
    return auth.userType === 'admin' ? [...next] : next.filter((s) => INSPECTOR_STATUSES.includes(s));
  }

  async detail(auth: AuthContext, id: number): Promise<CorrectiveActionDetail> {
    const row = await this.visible(auth, id);
    const a = row.action;
    const [comments, events, reinspections, inspection, products, creator] = await Promise.all([
      this.repo.comments(id),
      this.repo.events(id),
      this.repo.reinspections(id),
      a.inspectionId ? this.repo.inspectionRefs(a.inspectionId) : Promise.resolve(undefined),
      row.equipment ? this.repo.suggestedProducts(row.equipment.equipmentTypeId) : Promise.resolve([]),
      a.createdBy ? this.repo.personOf(a.createdBy) : Promise.resolve(undefined),
    ]);
    const openReinspection = reinspections.some(
      (r) => r.assignment.status === 'assigned' || r.assignment.status === 'in_progress',
    );
    return withFields(toAction(row, this.today()), {
      description: a.description,
      cancelReason: a.cancelReason,
      remark: a.remark,
      photos: a.photos ?? [],
      answer: a.answer ?? null,
      inspection: inspection
        ? {
            id: inspection.inspection.id,
            completedAt: inspection.inspection.completedAt?.toISOString() ?? null,
            templateId: inspection.inspection.templateId,
            templateName: inspection.templateName,
            templateVersion: inspection.inspection.templateVersion,
            inspector: { id: inspection.inspector.id, name: personName(inspection.inspector) },
          }
        : null,
      createdBy: creator ? { id: creator.id, name: personName(creator) } : null,
      comments: comments.map((c) => ({
        id: c.comment.id,
        author: c.author ? { id: c.author.id, name: personName(c.author) } : null,
        body: c.comment.body,
        photos: c.comment.photos ?? [],
        visibleToClient: c.comment.visibleToClient,
        createdAt: c.comment.createdAt.toISOString(),
      })),
      history: events.map((e) => ({
        id: e.event.id,
        at: e.event.createdAt.toISOString(),
        actor: e.actor ? { id: e.actor.id, name: personName(e.actor) } : null,
        action: e.event.action as CorrectiveActionDetail['history'][number]['action'],
        changes: (e.event.changes ?? {}) as Record<string, { from: unknown; to: unknown }>,
        note: e.event.note,
      })),
      reinspections: reinspections.map((r) => ({
        assignmentId: r.assignment.id,
        status: r.assignment.status,
        dueOn: r.assignment.dueOn,
        inspector: { id: r.inspector.id, name: personName(r.inspector) },
        inspectionId: r.link.inspectionId,
        result: r.link.result,
        completedAt: r.assignment.completedAt?.toISOString() ?? null,
      })),
      allowedTransitions: this.allowedTransitions(auth, a),
      canRequestReinspection:
        auth.userType === 'admin' &&
        a.inspectionId !== null &&
        !openReinspection &&
        a.status !== 'verified' &&
        a.status !== 'cancelled',
      suggestedProducts: products,
    });
  }

  // ------------------------------------------------------------------ changes

  /**
   * An owner is an active administrator or inspector, or the site's own client (who then uploads
   * the evidence from the portal, issue 20); another client never, whatever its status.
   */
  private async checkOwner(
    repo: CorrectiveActionsRepository,
    ownerId: number,
    siteId: number,
    problems: FieldError[],
  ) {
    const user = await repo.findAssignee(ownerId);
    if (!user || user.deletedAt)
      problems.push({
        field: 'ownerId',
        message: 'Choose an administrator, an inspector or the site’s client',
      });
    else if (user.userType === 'client' && (await repo.siteClient(siteId)) !== user.id)
      problems.push({ field: 'ownerId', message: 'A client can own only the actions of its own sites' });
    else if (user.status !== 'active')
      problems.push({ field: 'ownerId', message: 'This user is inactive; choose an active one' });
  }

  private async notifyOwner(tx: Executor, auth: AuthContext, action: ActionRow) {
    if (!action.ownerId || action.ownerId === auth.userId) return;
    const owner = await new CorrectiveActionsRepository(tx).findAssignee(action.ownerId);
    await this.notifications.notify(tx, {
      recipients: [action.ownerId],
      type: 'action.assigned',
      title: `Corrective action for you: ${action.title}`,
      body: `Due on ${action.dueOn}.`,
      link: owner?.userType === 'client' ? portalActionPath(action.id) : actionPath(action.id),
    });
  }

  /**
   * The same message to the administrators and the action's owner; a client owner (issue 20) gets
   * it with the portal's link, since the dashboard's is not open to it.
   */
  private async notifyAdminsAndOwner(
    tx: Executor,
    action: ActionRow,
    message: Omit<Parameters<NotificationsService['notify']>[1], 'recipients' | 'link'>,
  ) {
    const owner = action.ownerId
      ? await new CorrectiveActionsRepository(tx).findAssignee(action.ownerId)
      : undefined;
    const clientOwner = owner?.userType === 'client';
    await this.notifications.notify(
      tx,
      withFields(message, {
        recipients: [
          ...(await this.notifications.adminRecipients(tx)),
          ...(owner && !clientOwner ? [owner.id] : []),
        ],
        link: actionPath(action.id),
      }),
    );
    if (owner && clientOwner)
      await this.notifications.notify(
        tx,
        withFields(message, { recipients: [owner.id], link: portalActionPath(action.id) }),
      );
  }

  /** Tells the site's client that actions were opened on its site (action.opened_on_site). */
  private async notifySiteClient(tx: Executor, siteId: number, rows: readonly ActionRow[]) {
    const site = await new CorrectiveActionsRepository(tx).siteWithClient(siteId);
    if (!site?.clientId || !rows.length) return;
    const first = rows[0]!;
    // The site is named: the notice also goes by e-mail, read away from the portal.
    await this.notifications.notify(tx, {
      recipients: [site.clientId],
      type: 'action.opened_on_site',
      title:
        rows.length === 1
          ? `Corrective action opened at ${site.name}: ${first.title}`
          : `${rows.length} corrective actions opened at ${site.name}`,
      body:
        rows.length === 1
          ? `At ${site.siteCode} ${site.name}; due on ${first.dueOn}.`
          : `At ${site.siteCode} ${site.name}. Open the site to follow them up.`,
      link: rows.length === 1 ? portalActionPath(first.id) : `/portal/sites/${siteId}`,
    });
  }

  async create(
    auth: AuthContext,
    input: CreateCorrectiveActionBody,
    origin: RequestOrigin,
  ): Promise<CorrectiveActionMutationResponse> {
    const body = createCorrectiveActionBodySchema.parse(input);
    const id = await this.db.transaction(async (tx) => {
      const repo = new CorrectiveActionsRepository(tx);
      const refs = await repo.inspectionRefs(body.inspectionId);
      if (refs?.inspection.status !== 'completed')
        throw AppError.validation([{ field: 'inspectionId', message: 'Choose a completed inspection' }]);
      const problems: FieldError[] = [];
      const stored = templateContentSchema.safeParse(
        await repo.templateContent(refs.inspection.templateId, refs.inspection.templateVersion),
      );
      const content = stored.success ? stored.data : { sections: [] };
      const info = itemIndex(content).get(body.itemKey);
      if (!info)
        problems.push({ field: 'itemKey', message: 'This item is not in the inspection’s template' });
      const answers = (refs.inspection.answers as CompletedInspection['answers'] | null)?.units ?? [];
      const unit = answers.find((u) => (u.equipmentId ?? null) === body.equipmentId);
      if (!unit) problems.push({ field: 'equipmentId', message: 'This unit is not part of the inspection' });
      if (body.ownerId) await this.checkOwner(repo, body.ownerId, refs.inspection.siteId, problems);
      if (problems.length) throw AppError.validation(problems);
      const existing = (await repo.actionIdsOf(body.inspectionId)).get(
        `${body.equipmentId ?? 0}:${body.itemKey}`,
      );
      if (existing)
        throw AppError.conflict('itemKey', `This answer already has corrective action #${existing}`);
      const equipment = body.equipmentId ? (await repo.unitsByIds([body.equipmentId]))[0] : undefined;
      const dueDays = await this.dueDays(tx);
      const now = this.clock.now();
      const [row] = await repo.insertMany([
        {
          title:
            body.title ?? (equipment ? `${info!.label} — ${equipment.assetTag}` : info!.label).slice(0, 200),
          description: body.description ?? null,
          status: 'open',
          priority: body.priority,
          source: 'manual',
          requiresEvidence: body.requiresEvidence,
          ownerId: body.ownerId ?? null,
          siteId: refs.inspection.siteId,
          equipmentId: body.equipmentId,
          inspectionId: body.inspectionId,
          itemKey: body.itemKey,
          itemLabel: info!.label,
          answer: (unit!.answers[body.itemKey] ?? null) as never,
          remark: refs.inspection.remarks,
          photos: sectionPhotos(content, info!.sectionKey, unit!.answers),
          dueOn: body.dueOn ?? addDays(utcDateOf(now), dueDays[body.priority]),
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      await repo.insertEvents([
        {
          actionId: row!.id,
          actorId: auth.userId,
          action: 'created',
          changes: diff({}, row!),
          note: `From inspection #${body.inspectionId}`,
        },
      ]);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'corrective_action.created',
        entityType: 'corrective_action',
        entityId: row!.id,
        after: diff({}, row!),
        ipAddress: origin.ip,
      });
      await this.notifyOwner(tx, auth, row!);
      await this.notifySiteClient(tx, row!.siteId, [row!]);
      return row!.id;
    });
    return { action: await this.detail(auth, id), message: 'Corrective action created' };
  }

  async update(
    auth: AuthContext,
    id: number,
    input: UpdateCorrectiveActionBody,
    origin: RequestOrigin,
  ): Promise<CorrectiveActionMutationResponse> {
    const body = updateCorrectiveActionBodySchema.parse(input);
    const changed = await this.db.transaction(async (tx) => {
      const repo = new CorrectiveActionsRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw AppError.notFound('Corrective action');
      if (before.status === 'verified' || before.status === 'cancelled')
        throw new AppError('CONFLICT', `This action is ${before.status} and can no longer be changed`);
      const problems: FieldError[] = [];
      if (body.ownerId && body.ownerId !== before.ownerId)
        await this.checkOwner(repo, body.ownerId, before.siteId, problems);
      if (problems.length) throw AppError.validation(problems);
      const values: Partial<ActionRow> = Object.fromEntries(
        Object.entries({
          title: body.title,
          description: body.description,
          priority: body.priority,
          ownerId: body.ownerId,
          dueOn: body.dueOn,
          requiresEvidence: body.requiresEvidence,
        }).filter(([, v]) => v !== undefined),
      );
      const changes = diff(before, values);
      if (!Object.keys(changes).length) return false;
      const after = await repo.update(id, values);
      await repo.insertEvents([
        { actionId: id, actorId: auth.userId, action: 'updated', changes, note: null },
      ]);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'corrective_action.updated',
        entityType: 'corrective_action',
        entityId: id,
        before: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.from])),
        after: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to])),
        ipAddress: origin.ip,
      });
      if ('ownerId' in changes) await this.notifyOwner(tx, auth, after);
      return true;
    });
    return {
      action: await this.detail(auth, id),
      message: changed ? 'Corrective action saved' : 'Nothing to save',
    };
  }

  async changeStatus(
    auth: AuthContext,
    id: number,
    input: CorrectiveActionStatusBody,
    origin: RequestOrigin,
  ): Promise<CorrectiveActionMutationResponse> {
    const body = correctiveActionStatusBodySchema.parse(input);
    await this.visible(auth, id);
    await this.db.transaction(async (tx) => {
      const repo = new CorrectiveActionsRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw AppError.notFound('Corrective action');
      if (auth.userType !== 'admin' && before.ownerId !== auth.userId)
        throw AppError.notFound('Corrective action');
      if (before.status === body.status)
        throw new AppError('CONFLICT', `The action is already ${body.status.replace('_', ' ')}`);
      if (!correctiveActionTransitions[before.status].includes(body.status))
        throw new AppError(
          'CONFLICT',
          `A ${before.status.replace('_', ' ')} action cannot become ${body.status.replace('_', ' ')}`,
        );
      if (body.status === 'verified' && before.requiresEvidence)
        throw new AppError(
          'CONFLICT',
          'This action needs evidence: it is verified by a passing re-inspection',
        );
      if (auth.userType !== 'admin' && !INSPECTOR_STATUSES.includes(body.status))
        throw AppError.forbidden('Only an administrator can verify or cancel an action');
      const now = this.clock.now();
      const values: Partial<NewActionRow> = {
        status: body.status,
        ...(body.status === 'resolved' ? { resolvedAt: now } : {}),
        ...(body.status === 'verified' ? { verifiedAt: now } : {}),
        ...(body.status === 'cancelled' ? { cancelledAt: now, cancelReason: body.reason ?? null } : {}),
        ...(body.status === 'open' || body.status === 'in_progress'
          ? { resolvedAt: null, cancelledAt: null, cancelReason: null }
          : {}),
      };
      await repo.update(id, values);
      await repo.insertEvents([
        {
          actionId: id,
          actorId: auth.userId,
          action: 'status',
          changes: diff(before, values as Partial<ActionRow>),
          note: body.reason ?? null,
        },
      ]);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: `corrective_action.${body.status}`,
        entityType: 'corrective_action',
        entityId: id,
        before: { status: before.status },
        after: { status: body.status, reason: body.reason ?? null },
        ipAddress: origin.ip,
      });
    });
    const labels: Record<CorrectiveActionStatus, string> = {
      open: 'Action reopened',
      in_progress: 'Action in progress',
      resolved: 'Action resolved',
      verified: 'Action verified and closed',
      cancelled: 'Action cancelled',
    };
    return { action: await this.detail(auth, id), message: labels[body.status] };
  }

  /** A comment with up to 10 photos, each re-encoded like the inspector uploads (WebP, no metadata). */
  async comment(
    auth: AuthContext,
    id: number,
    input: { body: unknown; images: Buffer[]; visibleToClient?: unknown },
    origin: RequestOrigin,
  ): Promise<CorrectiveActionMutationResponse> {
    const fields = correctiveActionCommentFieldsSchema.safeParse({
      body: input.body ?? '',
      visibleToClient: input.visibleToClient,
    });
    if (!fields.success) {
      const issue = fields.error.issues[0];
      throw AppError.validation([
        { field: String(issue?.path[0] ?? 'body'), message: issue?.message ?? 'Comment is not valid' },
      ]);
    }
    if (!fields.data.body && !input.images.length)
      throw AppError.validation([{ field: 'body', message: 'Write a comment or add a photo' }]);
    await this.visible(auth, id);
    const encoded = await Promise.all(
      input.images.map((image) => processProfileImage(image, INSPECTION_IMAGE_MAX_SIDE)),
    );
    const names = encoded.map(() => generateFileName('webp'));
    await Promise.all(encoded.map((data, i) => this.storage.save(names[i]!, data)));
    try {
      await this.db.transaction(async (tx) => {
        const repo = new CorrectiveActionsRepository(tx);
        const action = await repo.lock(id);
        if (!action) throw AppError.notFound('Corrective action');
        const comment = await repo.insertComment({
          actionId: id,
          authorId: auth.userId,
          body: fields.data.body,
          photos: names.map(fileUrl),
          visibleToClient: fields.data.visibleToClient,
        });
        await repo.insertEvents([
          {
            actionId: id,
            actorId: auth.userId,
            action: 'comment',
            changes: {},
            note: fields.data.body.slice(0, 200) || `${names.length} photo(s)`,
          },
        ]);
        await repo.update(id, {});
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'corrective_action.commented',
          entityType: 'corrective_action',
          entityId: id,
          after: { commentId: comment.id, photos: names.length, visibleToClient: comment.visibleToClient },
          ipAddress: origin.ip,
        });
      });
    } catch (error) {
      await Promise.all(names.map((n) => this.storage.remove(n).catch(() => {})));
      throw error;
    }
    return { action: await this.detail(auth, id), message: 'Comment added' };
  }

  /**
   * Creates an assignment limited to the action's unit (or the site, for a site-level item) with
   * the inspection's template version, through the assignments service, and links it: its submit
   * verifies the action (pass) or leaves it open with a note (fail).
   */
  async requestReinspection(
    auth: AuthContext,
    id: number,
    input: RequestReinspectionBody,
    origin: RequestOrigin,
  ): Promise<CorrectiveActionMutationResponse> {
    const body = requestReinspectionBodySchema.parse(input);
    await this.db.transaction(async (tx) => {
      const repo = new CorrectiveActionsRepository(tx);
      const action = await repo.lock(id);
      if (!action) throw AppError.notFound('Corrective action');
      if (action.status === 'verified' || action.status === 'cancelled')
        throw new AppError('CONFLICT', `This action is ${action.status}; it needs no re-inspection`);
      if (!action.inspectionId) throw new AppError('CONFLICT', 'This action has no inspection to repeat');
      const open = await repo.openReinspection(id);
      if (open) throw new AppError('CONFLICT', `Re-inspection #${open} is already open for this action`);
      const problems: FieldError[] = [];
      const inspector = await repo.findAssignee(body.inspectorId);
      if (
        !inspector ||
        inspector.deletedAt ||
        inspector.userType !== 'inspector' ||
        inspector.status !== 'active'
      )
        problems.push({ field: 'inspectorId', message: 'Choose an active inspector' });
      const today = this.today();
      const scheduledFor = body.scheduledFor ?? today;
      const dueOn = body.dueOn ?? laterDate(action.dueOn, scheduledFor);
      if (dueOn < scheduledFor)
        problems.push({ field: 'dueOn', message: 'Due date cannot be before the scheduled date' });
      if (problems.length) throw AppError.validation(problems);
      const refs = await repo.inspectionRefs(action.inspectionId);
      if (!refs) throw AppError.notFound('Inspection');
      const assignmentId = await this.assignments.createWithin(
        tx,
        {
          siteId: action.siteId,
          inspectorId: body.inspectorId,
          categoryId: refs.inspection.categoryId,
          templateId: refs.inspection.templateId,
          templateVersion: refs.inspection.templateVersion,
          equipmentIds: action.equipmentId ? [action.equipmentId] : [],
          scheduledFor,
          dueOn,
          priority: body.priority ?? action.priority,
          notes: `Re-inspection for corrective action #${id}: ${action.title}`.slice(0, 2000),
        },
        { actorId: auth.userId, ip: origin.ip, source: { correctiveActionId: id } },
      );
      await repo.insertReinspection(id, assignmentId);
      const values = action.status === 'open' ? { status: 'in_progress' as const } : {};
      await repo.update(id, values);
      await repo.insertEvents([
        {
          actionId: id,
          actorId: auth.userId,
          action: 'reinspection_requested',
          changes: diff(action, values),
          note: `Assignment #${assignmentId}, due on ${dueOn}`,
        },
      ]);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'corrective_action.reinspection_requested',
        entityType: 'corrective_action',
        entityId: id,
        after: { assignmentId, inspectorId: body.inspectorId, dueOn },
        ipAddress: origin.ip,
      });
    });
    return { action: await this.detail(auth, id), message: 'Re-inspection requested' };
  }

  // ------------------------------------------------------------------ the client portal (issue 20)

  private toPortalAction(row: ActionWithRefs, clientId: number, today: string): PortalAction {
    const a = row.action;
    return {
      id: a.id,
      title: a.title,
      status: a.status,
      priority: a.priority,
      overdue: OPEN_STATUSES.includes(a.status) && a.dueOn < today,
      dueOn: a.dueOn,
      site: { id: row.site.id, name: row.site.name, siteCode: row.site.siteCode },
      equipment: row.equipment
        ? { id: row.equipment.id, name: row.equipment.name, assetTag: row.equipment.assetTag }
        : null,
      inspectionId: a.inspectionId,
      itemLabel: a.itemLabel,
      ownedByYou: a.ownerId === clientId,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    };
  }

  /**
   * The action when it is at one of this client's sites. Another client's action answers the same
   * 404 as an unknown id, so a client cannot learn which ids exist.
   */
  private async ofClient(clientId: number, id: number): Promise<ActionWithRefs> {
    const row = await this.repo.findById(id);
    if (!row || row.site.clientId !== clientId) throw AppError.notFound('Corrective action');
    return row;
  }

  /** The actions at the client's sites, overdue and soonest due first. */
  async clientList(clientId: number, query: PortalActionListQueryValues): Promise<PortalActionListResponse> {
    const filter: ActionFilter = {
      view: query.view,
      siteId: query.siteId,
      clientId,
      me: clientId,
      today: this.today(),
    };
    const [rows, counted] = await Promise.all([
      this.repo.list(filter, { field: 'dueOn', desc: false }, (query.page - 1) * query.limit, query.limit),
      this.repo.countCapped(filter, CORRECTIVE_ACTION_COUNT_CAP),
    ]);
    const { total, capped } = cappedTotal(counted, CORRECTIVE_ACTION_COUNT_CAP);
    return {
      actions: rows.map((r) => this.toPortalAction(r, clientId, filter.today)),
      pagination: paginationOf(query, total, capped),
    };
  }

  /** The action with only the comments shared with the client: its own and the staff's shared ones. */
  async clientDetail(clientId: number, id: number): Promise<PortalActionDetail> {
    const row = await this.ofClient(clientId, id);
    const comments = await this.repo.comments(id);
    return withFields(this.toPortalAction(row, clientId, this.today()), {
      description: row.action.description,
      comments: comments
        .filter((c) => c.comment.visibleToClient || c.comment.authorId === clientId)
        .map((c) => this.toPortalComment(c, clientId)),
    });
  }

  private toPortalComment(
    c: Awaited<ReturnType<CorrectiveActionsRepository['comments']>>[number],
    clientId: number,
  ): PortalComment {
    const mine = c.comment.authorId === clientId;
    return {
      id: c.comment.id,
      // A deleted staff account leaves its comments; the client sees them as the team's.
      author: c.author
        ? { id: c.author.id, name: personName(c.author), role: mine ? 'you' : 'staff' }
        : { id: 0, name: 'Inspection team', role: 'staff' },
      body: c.comment.body,
      photos: c.comment.photos ?? [],
      createdAt: c.comment.createdAt.toISOString(),
    };
  }

  /**
   * 404 unless the action is at the client's site; with `evidence`, 403 unless the client owns it.
   * The portal routes call it before reading an upload, so a refused caller sends no file to parse.
   */
  async assertClientAction(clientId: number, id: number, evidence: boolean): Promise<void> {
    const row = await this.ofClient(clientId, id);
    if (evidence && row.action.ownerId !== clientId)
      throw AppError.forbidden(
        'Only the owner of this action can upload evidence; ask the inspection team to make you its owner',
      );
  }

  /**
   * A client's comment (text) or evidence (one photo and an optional note) on an action of its
   * site. Always shared with the client (it wrote it); the staff see it in the action's comments.
   * Evidence is only for the action's owner (403). Audited, recorded in the action's history, and
   * announced to the administrators and the staff owner.
   */
  async clientComment(
    clientId: number,
    id: number,
    input: { body: string; image: Buffer | null; evidence: boolean },
    origin: RequestOrigin,
  ): Promise<PortalComment> {
    await this.assertClientAction(clientId, id, input.evidence);
    const encoded = input.image ? await processProfileImage(input.image, INSPECTION_IMAGE_MAX_SIDE) : null;
    const name = encoded ? generateFileName('webp') : null;
    if (encoded && name) await this.storage.save(name, encoded);
    try {
      const commentId = await this.db.transaction(async (tx) => {
        const repo = new CorrectiveActionsRepository(tx);
        const action = await repo.lock(id);
        if (!action) throw AppError.notFound('Corrective action');
        const comment = await repo.insertComment({
          actionId: id,
          authorId: clientId,
          body: input.body,
          photos: name ? [fileUrl(name)] : [],
          visibleToClient: true,
        });
        const label = input.evidence ? 'Evidence from the client' : 'Comment from the client';
        await repo.insertEvents([
          {
            actionId: id,
            actorId: clientId,
            action: 'comment',
            changes: {},
            note: `${label}: ${input.body.slice(0, 200) || '1 photo'}`,
          },
        ]);
        await repo.update(id, {});
        await recordAudit(tx, {
          actorId: clientId,
          action: input.evidence ? 'corrective_action.evidence_uploaded' : 'corrective_action.commented',
          entityType: 'corrective_action',
          entityId: id,
          after: { commentId: comment.id, photos: name ? 1 : 0, byClient: true },
          ipAddress: origin.ip,
        });
        const staffOwner = action.ownerId && action.ownerId !== clientId ? [action.ownerId] : [];
        await this.notifications.notify(tx, {
          recipients: [...(await this.notifications.adminRecipients(tx)), ...staffOwner],
          type: 'action.client_commented',
          title: `${label}: ${action.title}`,
          body: input.body.slice(0, 200),
          link: actionPath(id),
        });
        return comment.id;
      });
      const comments = await this.repo.comments(id);
      const stored = comments.find((c) => c.comment.id === commentId)!;
      return this.toPortalComment(stored, clientId);
    } catch (error) {
      if (name) await this.storage.remove(name).catch(() => {});
      throw error;
    }
  }
}
