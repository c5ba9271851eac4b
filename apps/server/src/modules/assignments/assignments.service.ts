import type {
  Assignment,
  AssignmentBulkBody,
  AssignmentExportQuery,
  AssignmentListQueryValues,
  AssignmentListResponse,
  AssignmentMutationResponse,
  BulkResult,
  CreateAssignmentBody,
  FieldError,
  InspectorOptionsResponse,
  UpdateAssignmentBody,
} from '@inspecta/contract';
import { createAssignmentBodySchema, updateAssignmentBodySchema, utcDateOf } from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { runBulk } from '../../core/bulk.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { sentFields, withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import type { NotificationsService } from '../notifications/index.js';
import {
  type AssignmentRow,
  AssignmentsRepository,
  type AssignmentWithRefs,
  isOpenStatus,
} from './assignments.repository.js';

export function toAssignment(row: AssignmentWithRefs, today: string): Assignment {
  const a = row.assignment;
  return {
    id: a.id,
    status: a.status,
    overdue: isOpenStatus(a.status) && a.dueOn < today,
    priority: a.priority,
    scheduledFor: a.scheduledFor,
    dueOn: a.dueOn,
    notes: a.notes,
    cancelReason: a.cancelReason,
    site: row.site,
    inspector: {
      id: row.inspector.id,
      name: `${row.inspector.firstName} ${row.inspector.lastName}`.trim(),
      email: row.inspector.email,
    },
    category: row.category,
    template: { id: row.template.id, name: row.template.name, version: a.templateVersion },
    equipment: row.equipment,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    startedAt: a.startedAt?.toISOString() ?? null,
    completedAt: a.completedAt?.toISOString() ?? null,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
  };
}

function auditView(row: AssignmentRow, equipmentIds: number[]) {
  return {
    siteId: row.siteId,
    inspectorId: row.inspectorId,
    categoryId: row.categoryId,
    templateId: row.templateId,
    templateVersion: row.templateVersion,
    status: row.status,
    priority: row.priority,
    scheduledFor: row.scheduledFor,
    dueOn: row.dueOn,
    notes: row.notes,
    cancelReason: row.cancelReason,
    equipmentIds,
  };
}

/** What an update says it did, by the audit action it recorded. */
const ACTION_MESSAGES: Record<string, string> = {
  'assignment.cancelled': 'Assignment cancelled',
  'assignment.reassigned': 'Assignment reassigned',
  'assignment.rescheduled': 'Assignment rescheduled',
  'assignment.updated': 'Assignment saved',
  'assignment.unchanged': 'Nothing to save',
};

/** Assignments: who inspects which site's units with which template version, and by when. */
export class AssignmentsService {
  private readonly repo: AssignmentsRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
  ) {
    this.repo = new AssignmentsRepository(db);
  }

  /**
   * Tells the inspector, in the transaction of the change. A reassignment tells the new inspector
   * it was assigned to them and the previous one it was taken off them (their link then opens their
   * list: the assignment is no longer theirs to open).
   */
  private async notifyInspector(
    tx: Executor,
    action: string,
    before: AssignmentRow | null,
    after: AssignmentRow,
  ): Promise<void> {
    const site = await new AssignmentsRepository(tx).findSite(after.siteId);
    const siteName = site?.name ?? 'a site';
    const link = `/inspector/assignments/${after.id}`;
    const dates = `scheduled for ${after.scheduledFor}, due on ${after.dueOn}`;
    const assigned = (inspectorId: number) =>
      this.notifications.notify(tx, {
        recipients: [inspectorId],
        type: 'assignment.created',
        title: `New assignment: ${siteName}`,
        body: `An inspection at ${siteName} was assigned to you, ${dates}.`,
        link,
      });
    if (action === 'assignment.created') await assigned(after.inspectorId);
    else if (action === 'assignment.reassigned' && before) {
      await assigned(after.inspectorId);
      await this.notifications.notify(tx, {
        recipients: [before.inspectorId],
        type: 'assignment.cancelled',
        title: `Assignment moved: ${siteName}`,
        body: `The inspection at ${siteName} (due on ${before.dueOn}) was assigned to another inspector.`,
        link: '/inspector',
      });
    } else if (action === 'assignment.rescheduled')
      await this.notifications.notify(tx, {
        recipients: [after.inspectorId],
        type: 'assignment.rescheduled',
        title: `Assignment rescheduled: ${siteName}`,
        body: `The inspection at ${siteName} is now ${dates}.`,
        link,
      });
    else if (action === 'assignment.cancelled')
      await this.notifications.notify(tx, {
        recipients: [after.inspectorId],
        type: 'assignment.cancelled',
        title: `Assignment cancelled: ${siteName}`,
        body: after.cancelReason
          ? `The inspection at ${siteName} was cancelled: ${after.cancelReason}`
          : `The inspection at ${siteName} was cancelled.`,
        link,
      });
  }

  private today(): string {
    return utcDateOf(this.clock.now());
  }

  async inspectors(search: string | undefined): Promise<InspectorOptionsResponse> {
    const rows = await this.repo.inspectorsWithWorkload(search || undefined);
    return {
      inspectors: rows.map((r) => ({
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim(),
        email: r.email,
        phone: r.phone,
        openAssignments: r.openAssignments,
      })),
    };
  }

  async list(query: AssignmentListQueryValues): Promise<AssignmentListResponse> {
    const today = this.today();
    const { rows, total, capped } = await this.repo.list({
      search: query.search || undefined,
      status: query.status,
      inspectorId: query.inspector_id,
      siteId: query.site_id,
      overdue: query.overdue,
      sort: query.sort,
      today,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      assigned_sites: rows.map((r) => toAssignment(r, today)),
      pagination: paginationOf(query, total, capped),
    };
  }

  /**
   * Starts an export of the filtered list (docs/exports.md): counts it, audits `assignment.exported`
   * with the filters, and answers the assignments (with their units) in keyset batches by id.
   */
  async startExport(
    auth: AuthContext,
    { format, ...filters }: AssignmentExportQuery,
    ip: string,
  ): Promise<PreparedExport<AssignmentWithRefs>> {
    const today = this.today();
    const filter = {
      search: filters.search || undefined,
      status: filters.status,
      inspectorId: filters.inspector_id,
      siteId: filters.site_id,
      overdue: filters.overdue,
      ids: filters.ids,
      today,
    };
    const rowCount = await this.repo.count(filter);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'assignment',
      format,
      filters,
      rowCount,
    });
    return {
      rowCount,
      date: today,
      batches: keysetBatches(
        (afterId, size) => this.repo.batchAfter(filter, afterId, size),
        (r) => r.assignment.id,
      ),
    };
  }

  async get(id: number): Promise<Assignment> {
    const row = await this.repo.findById(id);
    if (!row) throw AppError.notFound('Assignment');
    return toAssignment(row, this.today());
  }

  private async checkInspector(repo: AssignmentsRepository, id: number, problems: FieldError[]) {
    const inspector = await repo.findInspector(id);
    if (!inspector || inspector.deletedAt || inspector.userType !== 'inspector')
      problems.push({ field: 'inspectorId', message: 'Choose an inspector' });
    else if (inspector.status !== 'active')
      problems.push({
        field: 'inspectorId',
        message: 'This inspector is inactive; choose an active inspector',
      });
  }

  private async checkUnits(
    repo: AssignmentsRepository,
    siteId: number,
    ids: number[],
    problems: FieldError[],
  ): Promise<void> {
    const atSite = await repo.unitsAtSite(siteId, ids);
    const elsewhere = ids.filter((id) => !atSite.has(id));
    if (elsewhere.length)
      problems.push({
        field: 'equipmentIds',
        message: `${elsewhere.length === 1 ? 'One unit does' : `${elsewhere.length} units do`} not belong to this site`,
      });
  }

  async create(
    auth: AuthContext,
    input: CreateAssignmentBody,
    origin: RequestOrigin,
  ): Promise<AssignmentMutationResponse> {
    const id = await this.db.transaction((tx) => this.createIn(tx, auth, input, origin));
    return { assignment: await this.get(id), message: 'Assignment created' };
  }

  /**
   * `create` inside the caller's transaction, with every check of the admin form (400s naming the
   * field): the client portal schedules a request with it, so the request and its assignment are
   * written together or not at all. `source` is recorded in the audit event.
   */
  async createIn(
    tx: Executor,
    auth: AuthContext,
    input: CreateAssignmentBody,
    origin: RequestOrigin,
    source?: Record<string, unknown>,
  ): Promise<number> {
    const body = createAssignmentBodySchema.parse(input);
    const repo = new AssignmentsRepository(tx);
    const problems: FieldError[] = [];
    const site = await repo.findSite(body.siteId);
    if (!site) problems.push({ field: 'siteId', message: 'Choose a site' });
    else if (site.status !== 'active')
      problems.push({
        field: 'siteId',
        message: 'Only active sites can be assigned; activate the site first',
      });
    await this.checkInspector(repo, body.inspectorId, problems);
    const category = await repo.findCategory(body.categoryId);
    if (!category) problems.push({ field: 'categoryId', message: 'Choose a category' });
    else if (!category.active) problems.push({ field: 'categoryId', message: 'This category is inactive' });
    const template = await repo.findTemplate(body.templateId);
    if (!template) problems.push({ field: 'templateId', message: 'Choose a template' });
    else if (template.status === 'archived' || template.archivedAt)
      problems.push({
        field: 'templateId',
        message: 'This template is archived; choose a published template',
      });
    else if (template.publishedVersion === null)
      problems.push({ field: 'templateId', message: 'This template has no published version yet' });
    else if (category && template.categoryId !== null && template.categoryId !== category.id)
      problems.push({ field: 'templateId', message: 'This template belongs to another category' });
    let equipmentIds: number[] = [];
    if (site) {
      if (body.equipmentScope === 'all') equipmentIds = await repo.siteEquipmentIds(site.id);
      else {
        equipmentIds = body.equipmentIds;
        await this.checkUnits(repo, site.id, equipmentIds, problems);
      }
    }
    if (problems.length) throw AppError.validation(problems);
    const row = await repo.insert(
      {
        siteId: body.siteId,
        inspectorId: body.inspectorId,
        categoryId: body.categoryId,
        templateId: body.templateId,
        templateVersion: template!.publishedVersion!,
        priority: body.priority,
        scheduledFor: body.scheduledFor,
        dueOn: body.dueOn,
        notes: body.notes ?? null,
        createdBy: auth.userId,
      },
      equipmentIds,
    );
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'assignment.created',
      entityType: 'assignment',
      entityId: row.id,
      after: source ? withFields(auditView(row, equipmentIds), { source }) : auditView(row, equipmentIds),
      ipAddress: origin.ip,
    });
    await this.notifyInspector(tx, 'assignment.created', null, row);
    return row.id;
  }

  /**
   * Creates an assignment inside the caller's transaction for another module (a corrective action's
   * re-inspection, a schedule): the caller has checked the references and pins `templateVersion`
   * itself. Audited as assignment.created (with `source`) and announced to the inspector like any
   * other.
   */
  async createWithin(
    tx: Executor,
    input: {
      siteId: number;
      inspectorId: number;
      categoryId: number;
      templateId: number;
      templateVersion: number;
      equipmentIds: number[];
      scheduledFor: string;
      dueOn: string;
      priority: AssignmentRow['priority'];
      notes: string | null;
    },
    actor: { actorId: number | null; ip: string | null; source: Record<string, unknown> },
  ): Promise<number> {
    const { equipmentIds, ...values } = input;
    const row = await new AssignmentsRepository(tx).insert(
      withFields(values, { createdBy: actor.actorId }),
      equipmentIds,
    );
    await recordAudit(tx, {
      actorId: actor.actorId,
      action: 'assignment.created',
      entityType: 'assignment',
      entityId: row.id,
      after: withFields(auditView(row, equipmentIds), { source: actor.source }),
      ipAddress: actor.ip,
    });
    await this.notifyInspector(tx, 'assignment.created', null, row);
    return row.id;
  }

  async update(
    auth: AuthContext,
    id: number,
    input: UpdateAssignmentBody,
    origin: RequestOrigin,
  ): Promise<AssignmentMutationResponse> {
    const body = updateAssignmentBodySchema.parse(input);
    const action = await this.db.transaction((tx) => this.updateIn(tx, auth, id, body, origin));
    return { assignment: await this.get(id), message: ACTION_MESSAGES[action] ?? 'Assignment saved' };
  }

  /**
   * Cancels or reassigns the selected assignments all or nothing (POST /auth/assignments/bulk), each
   * by the rules of `update`: a completed or cancelled one is refused, the inspector must be active.
   * Audited and announced to the inspectors like a single change.
   */
  bulk(auth: AuthContext, body: AssignmentBulkBody, origin: RequestOrigin): Promise<BulkResult> {
    const change: UpdateAssignmentBody =
      body.action === 'cancel'
        ? { status: 'cancelled', cancelReason: body.cancelReason }
        : { inspectorId: body.inspectorId };
    return runBulk(
      this.db,
      body.ids,
      {
        one: 'assignment',
        many: 'assignments',
        done: body.action === 'cancel' ? 'cancelled' : 'reassigned',
        already: 'already with that inspector',
      },
      async (tx, id) => {
        const action = await this.updateIn(tx, auth, id, updateAssignmentBodySchema.parse(change), origin);
        return action === 'assignment.unchanged'
          ? { changed: false, reason: 'Already assigned to this inspector' }
          : { changed: true };
      },
    );
  }

  /** One assignment's change on the caller's transaction; answers the audit action it recorded. */
  private async updateIn(
    tx: Executor,
    auth: AuthContext,
    id: number,
    body: ReturnType<typeof updateAssignmentBodySchema.parse>,
    origin: RequestOrigin,
  ): Promise<string> {
    const repo = new AssignmentsRepository(tx);
    const before = await repo.lockById(id);
    if (!before) throw AppError.notFound('Assignment');
    if (before.status === 'completed')
      throw new AppError('CONFLICT', 'This assignment is completed and can no longer be changed');
    if (before.status === 'cancelled')
      throw new AppError('CONFLICT', 'This assignment was cancelled and can no longer be changed');
    const beforeUnits = await repo.equipmentIdsOf(id);

    if (body.status === 'cancelled') {
      const changes = {
        status: 'cancelled' as const,
        cancelReason: body.cancelReason ?? null,
        cancelledAt: this.clock.now(),
      };
      await repo.update(id, changes);
      await this.audit(
        tx,
        auth,
        'assignment.cancelled',
        before,
        withFields(before, changes),
        beforeUnits,
        beforeUnits,
        origin,
      );
      await this.notifyInspector(tx, 'assignment.cancelled', before, withFields(before, changes));
      return 'assignment.cancelled';
    }

    const problems: FieldError[] = [];
    if (body.inspectorId !== undefined && body.inspectorId !== before.inspectorId)
      await this.checkInspector(repo, body.inspectorId, problems);
    const scheduledFor = body.scheduledFor ?? before.scheduledFor;
    const dueOn = body.dueOn ?? before.dueOn;
    if (dueOn < scheduledFor)
      problems.push({ field: 'dueOn', message: 'Due date cannot be before the scheduled date' });
    if (body.equipmentIds !== undefined)
      await this.checkUnits(repo, before.siteId, body.equipmentIds, problems);
    if (problems.length) throw AppError.validation(problems);

    const changes = sentFields(body, ['inspectorId', 'scheduledFor', 'dueOn', 'priority', 'notes']);
    const after = withFields(before, changes);
    const afterUnits = body.equipmentIds ? [...body.equipmentIds].sort((a, b) => a - b) : beforeUnits;
    const unitsChanged = afterUnits.join(',') !== beforeUnits.join(',');
    const changed =
      unitsChanged ||
      Object.entries(changes).some(([key, value]) => before[key as keyof AssignmentRow] !== value);
    if (!changed) return 'assignment.unchanged';
    await repo.update(id, changes);
    if (unitsChanged) await repo.replaceEquipment(id, afterUnits);
    const action =
      after.inspectorId !== before.inspectorId
        ? 'assignment.reassigned'
        : after.scheduledFor !== before.scheduledFor || after.dueOn !== before.dueOn
          ? 'assignment.rescheduled'
          : 'assignment.updated';
    await this.audit(tx, auth, action, before, after, beforeUnits, afterUnits, origin);
    await this.notifyInspector(tx, action, before, after);
    return action;
  }

  private async audit(
    tx: Executor,
    auth: AuthContext,
    action: string,
    before: AssignmentRow,
    after: AssignmentRow,
    beforeUnits: number[],
    afterUnits: number[],
    origin: RequestOrigin,
  ) {
    await recordAudit(tx, {
      actorId: auth.userId,
      action,
      entityType: 'assignment',
      entityId: before.id,
      before: auditView(before, beforeUnits),
      after: auditView(after, afterUnits),
      ipAddress: origin.ip,
    });
  }
}
