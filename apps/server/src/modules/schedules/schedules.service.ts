import {
  addDays,
  type CreateScheduleBody,
  type CreateScheduleValues,
  createScheduleBodySchema,
  earlierDate,
  type FieldError,
  type PlannedAssignment,
  SCHEDULE_CALENDAR_DAYS_MAX,
  type Schedule,
  type ScheduleCalendarQuery,
  type ScheduleCalendarResponse,
  type ScheduleDetail,
  type ScheduleListQueryValues,
  type ScheduleListResponse,
  type ScheduleMutationResponse,
  type SchedulePreviewBody,
  type SchedulePreviewResponse,
  schedulePreviewBodySchema,
  utcDateOf,
} from '@inspecta/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import type { AssignmentsService } from '../assignments/index.js';
import type { NotificationsService } from '../notifications/index.js';
import {
  groupOccurrences,
  type Occurrence,
  occurrenceNow,
  occurrencesUntil,
  type PlanRules,
  type PlanUnit,
} from './schedule-planning.js';
import { type NewScheduleRow, type ScheduleRow, SchedulesRepository } from './schedules.repository.js';

const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const DAY_MS = 86_400_000;

/** What one planning run of one schedule did. */
export interface PlanningResult {
  scheduleId: number;
  assignmentIds: number[];
  units: number;
  /** false when another process was planning this schedule at the same moment. */
  locked: boolean;
}

function rulesOf(
  s: Pick<ScheduleRow, 'templateId' | 'intervalUnit' | 'intervalCount' | 'leadDays' | 'startsOn' | 'endsOn'>,
): PlanRules {
  return {
    templateId: s.templateId,
    intervalUnit: s.intervalUnit,
    intervalCount: s.intervalCount,
    leadDays: s.leadDays,
    startsOn: s.startsOn,
    endsOn: s.endsOn,
  };
}

/** Picks inspectors for a sequence of assignments: the one, or each time the least loaded of the group. */
function inspectorPicker(mode: ScheduleRow['assigneeMode'], ids: number[], load: Map<number, number>) {
  const live = new Map(ids.map((id) => [id, load.get(id) ?? 0]));
  return (): number | null => {
    if (!ids.length) return null;
    if (mode === 'inspector') return ids[0]!;
    let best: number | null = null;
    for (const id of ids) if (best === null || live.get(id)! < live.get(best)!) best = id;
    if (best !== null) live.set(best, live.get(best)! + 1);
    return best;
  };
}

/**
 * Recurring schedules and the planning job. The job plans each active schedule in its own
 * transaction: it first takes the schedule's advisory lock (`pg_try_advisory_xact_lock`; a process
 * that cannot get it skips the schedule this round; the lock is per site, since a site's schedules may cover the same units), then creates, through the assignments
 * service, one assignment per (template, due date) for the units whose due date minus the lead
 * time has come and that have no open work, and claims each (schedule, unit, due date) in
 * `schedule_occurrences` (unique): two processes can never create the same assignment.
 */
export class SchedulesService {
  private readonly repo: SchedulesRepository;
  private running: Promise<PlanningResult[]> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly assignments: AssignmentsService,
    private readonly notifications: NotificationsService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new SchedulesRepository(db);
  }

  private today(): string {
    return utcDateOf(this.clock.now());
  }

  // ------------------------------------------------------------------ validation and mapping

  private async check(repo: SchedulesRepository, body: CreateScheduleValues): Promise<FieldError[]> {
    const problems: FieldError[] = [];
    const [site] = await repo.sitesByIds([body.siteId]);
    if (!site) problems.push({ field: 'siteId', message: 'Choose a site' });
    else if (site.status !== 'active')
      problems.push({ field: 'siteId', message: 'Only active sites can be scheduled' });
    const category = await repo.category(body.categoryId);
    if (!category) problems.push({ field: 'categoryId', message: 'Choose a category' });
    else if (!category.active) problems.push({ field: 'categoryId', message: 'This category is inactive' });
    if (body.templateId !== null) {
      const [t] = await repo.templatesByIds([body.templateId]);
      if (!t) problems.push({ field: 'templateId', message: 'Choose a template' });
      else if (t.status === 'archived' || t.archivedAt)
        problems.push({ field: 'templateId', message: 'This template is archived' });
      else if (t.publishedVersion === null)
        problems.push({ field: 'templateId', message: 'This template has no published version yet' });
      else if (t.categoryId !== null && t.categoryId !== body.categoryId)
        problems.push({ field: 'templateId', message: 'This template belongs to another category' });
    }
    if (body.scope === 'types') {
      const found = await repo.typesByIds(body.equipmentTypeIds);
      if (found.length !== body.equipmentTypeIds.length)
        problems.push({ field: 'equipmentTypeIds', message: 'Choose existing equipment types' });
    }
    if (body.scope === 'units') {
      const found = await repo.unitsByIds(body.equipmentIds);
      if (found.length !== body.equipmentIds.length || found.some((u) => u.siteId !== body.siteId))
        problems.push({ field: 'equipmentIds', message: 'Choose units of this site' });
    }
    const people = await repo.people(body.inspectorIds);
    const fine = people.filter((p) => p.userType === 'inspector' && p.status === 'active' && !p.deletedAt);
    if (fine.length !== body.inspectorIds.length)
      problems.push({ field: 'inspectorIds', message: 'Choose active inspectors' });
    return problems;
  }

  private valuesOf(body: CreateScheduleValues): Omit<NewScheduleRow, 'createdBy'> {
    return {
      name: body.name,
      siteId: body.siteId,
      scope: body.scope,
      equipmentTypeIds: body.scope === 'types' ? body.equipmentTypeIds : [],
      equipmentIds: body.scope === 'units' ? body.equipmentIds : [],
      templateId: body.templateId,
      categoryId: body.categoryId,
      intervalUnit: body.intervalUnit,
      intervalCount: body.intervalUnit === 'type' ? null : body.intervalCount,
      assigneeMode: body.assigneeMode,
      inspectorIds: body.inspectorIds,
      leadDays: body.leadDays,
      priority: body.priority,
      startsOn: body.startsOn ?? this.today(),
      endsOn: body.endsOn,
    };
  }

  private async toSchedules(rows: ScheduleRow[]): Promise<Schedule[]> {
    const ids = (pick: (r: ScheduleRow) => number[]) => [...new Set(rows.flatMap(pick))];
    const [sites, types, units, templates, people, created, categories] = await Promise.all([
      this.repo.sitesByIds(ids((r) => [r.siteId])),
      this.repo.typesByIds(ids((r) => r.equipmentTypeIds)),
      this.repo.unitsByIds(ids((r) => r.equipmentIds)),
      this.repo.templatesByIds(ids((r) => (r.templateId ? [r.templateId] : []))),
      this.repo.people(ids((r) => r.inspectorIds)),
      this.repo.createdCounts(rows.map((r) => r.id)),
      Promise.all(ids((r) => [r.categoryId]).map((id) => this.repo.category(id))),
    ]);
    const by = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
    const [siteMap, typeMap, unitMap, templateMap, peopleMap] = [
      by(sites),
      by(types),
      by(units),
      by(templates),
      by(people),
    ];
    const categoryMap = by(categories.filter((c): c is NonNullable<typeof c> => !!c));
    return rows.map((r) => {
      const site = siteMap.get(r.siteId);
      const template = r.templateId ? templateMap.get(r.templateId) : undefined;
      const category = categoryMap.get(r.categoryId);
      return {
        id: r.id,
        name: r.name,
        status: r.status,
        site: { id: r.siteId, name: site?.name ?? '', siteCode: site?.siteCode ?? '' },
        scope: r.scope,
        equipmentTypes: r.equipmentTypeIds.flatMap((id) => (typeMap.get(id) ? [typeMap.get(id)!] : [])),
        equipment: r.equipmentIds.flatMap((id) => {
          const u = unitMap.get(id);
          return u ? [{ id: u.id, name: u.name, assetTag: u.assetTag }] : [];
        }),
        template: r.templateId
          ? { id: r.templateId, name: template?.name ?? '', version: template?.publishedVersion ?? null }
          : null,
        category: { id: r.categoryId, name: category?.name ?? '', colour: category?.colour ?? '' },
        intervalUnit: r.intervalUnit,
        intervalCount: r.intervalCount,
        assigneeMode: r.assigneeMode,
        inspectors: r.inspectorIds.map((id) => {
          const p = peopleMap.get(id);
          return { id, name: p ? personName(p) : `#${id}` };
        }),
        leadDays: r.leadDays,
        priority: r.priority,
        startsOn: r.startsOn,
        endsOn: r.endsOn,
        createdAssignments: created.get(r.id) ?? 0,
        lastRunAt: r.lastRunAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  // ------------------------------------------------------------------ planning (preview, calendar)

  /** The planned assignments of one schedule (saved or not) between today and `until`. */
  private async plannedOf(
    s: Pick<
      ScheduleRow,
      'siteId' | 'scope' | 'equipmentTypeIds' | 'equipmentIds' | 'assigneeMode' | 'inspectorIds'
    > &
      PlanRules,
    scheduleId: number | null,
    today: string,
    until: string,
  ): Promise<{
    planned: PlannedAssignment[];
    units: PlanUnit[];
    skipped: { equipmentId: number; reason: string }[];
  }> {
    const units = await this.repo.unitsInScope(s);
    const inService = units.filter((u) => u.status === 'in_service');
    const [onOpenWork, existing] = await Promise.all([
      this.repo.unitsOnOpenWork(inService.map((u) => u.id)),
      scheduleId
        ? this.repo.occurrenceKeys(scheduleId, addDays(today, -3660))
        : Promise.resolve(new Set<string>()),
    ]);
    const rules: PlanRules = s;
    const firstDue = new Map<number, string | null>();
    const occurrences = occurrencesUntil(inService, rules, today, until, (unit, due) => {
      if (existing.has(`${unit.id}:${due}`)) return true;
      if (!firstDue.has(unit.id)) firstDue.set(unit.id, due);
      return onOpenWork.has(unit.id) && firstDue.get(unit.id) === due;
    });
    const templateOf = (u: PlanUnit) => s.templateId ?? u.typeDefaultTemplateId;
    const skipped = inService
      .filter((u) => templateOf(u) === null)
      .map((u) => ({ equipmentId: u.id, reason: 'Its type has no default template' }));
    const groups = groupOccurrences(occurrences, templateOf);
    const templates = new Map(
      (await this.repo.templatesByIds([...new Set(groups.map((g) => g.templateId))])).map((t) => [t.id, t]),
    );
    const [site] = await this.repo.sitesByIds([s.siteId]);
    const people = new Map((await this.repo.people(s.inspectorIds)).map((p) => [p.id, p]));
    const pick = inspectorPicker(s.assigneeMode, s.inspectorIds, await this.repo.openWork(s.inspectorIds));
    const planned = groups
      .sort((a, b) => a.createOn.localeCompare(b.createOn) || a.dueOn.localeCompare(b.dueOn))
      .map((g): PlannedAssignment => {
        const inspectorId = pick();
        const p = inspectorId ? people.get(inspectorId) : undefined;
        return {
          scheduleId,
          createOn: g.createOn,
          scheduledFor: g.scheduledFor,
          dueOn: g.dueOn,
          site: { id: s.siteId, name: site?.name ?? '', siteCode: site?.siteCode ?? '' },
          template: { id: g.templateId, name: templates.get(g.templateId)?.name ?? '' },
          inspector: inspectorId && p ? { id: inspectorId, name: personName(p) } : null,
          equipment: g.items.map((o) => ({ id: o.unit.id, name: o.unit.name, assetTag: o.unit.assetTag })),
        };
      });
    return { planned, units: inService, skipped };
  }

  async preview(input: SchedulePreviewBody): Promise<SchedulePreviewResponse> {
    const body = schedulePreviewBodySchema.parse(input);
    const problems = await this.check(this.repo, body);
    if (problems.length) throw AppError.validation(problems);
    const today = this.today();
    const to = addDays(today, body.days - 1);
    const values = this.valuesOf(body);
    const { planned, units, skipped } = await this.plannedOf(
      withFields(values, rulesOf(values as ScheduleRow)) as Parameters<SchedulesService['plannedOf']>[0],
      null,
      today,
      to,
    );
    return { from: today, to, assignments: planned, units: units.length, skipped };
  }

  async calendar(query: ScheduleCalendarQuery): Promise<ScheduleCalendarResponse> {
    const today = this.today();
    const from = query.from ?? today;
    const to = query.to ?? addDays(from, 89);
    const span = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    if (span > SCHEDULE_CALENDAR_DAYS_MAX)
      throw AppError.validation([
        { field: 'to', message: `Show at most ${SCHEDULE_CALENDAR_DAYS_MAX} days` },
      ]);
    const assigned = await this.repo.openWorkBetween(from, to, query.inspector_id, query.site_id);
    const planned: PlannedAssignment[] = [];
    if (to >= today)
      for (const s of await this.repo.activeForCalendar(query.site_id)) {
        const result = await this.plannedOf(withFields(s, rulesOf(s)), s.id, today, to);
        planned.push(
          ...result.planned.filter(
            (p) =>
              p.dueOn >= from &&
              p.dueOn <= to &&
              (!query.inspector_id || p.inspector?.id === query.inspector_id),
          ),
        );
      }
    const days: ScheduleCalendarResponse['days'] = [];
    for (let i = 0; i < span; i++) {
      const date = addDays(from, i);
      days.push({
        date,
        assigned: assigned
          .filter((a) => a.dueOn === date)
          .map((a) => ({
            assignmentId: a.id,
            status: a.status,
            overdue: a.dueOn < today,
            scheduleId: a.scheduleId,
            site: a.site,
            inspector: { id: a.inspector.id, name: personName(a.inspector) },
            unitCount: Number(a.unitCount),
          })),
        planned: planned.filter((p) => p.dueOn === date),
      });
    }
    const load = new Map<number, ScheduleCalendarResponse['workload'][number]>();
    const entry = (inspector: { id: number; name: string }) => {
      const e = load.get(inspector.id) ?? { inspector, assigned: 0, planned: 0, units: 0 };
      load.set(inspector.id, e);
      return e;
    };
    for (const a of assigned) {
      const e = entry({ id: a.inspector.id, name: personName(a.inspector) });
      e.assigned++;
      e.units += Number(a.unitCount);
    }
    for (const p of planned)
      if (p.inspector) {
        const e = entry(p.inspector);
        e.planned++;
        e.units += p.equipment.length;
      }
    const workload = [...load.values()].sort(
      (a, b) => b.assigned + b.planned - (a.assigned + a.planned) || a.inspector.id - b.inspector.id,
    );
    return { from, to, days, workload };
  }

  // ------------------------------------------------------------------ CRUD

  async list(query: ScheduleListQueryValues): Promise<ScheduleListResponse> {
    const { rows, total, capped } = await this.repo.list(
      {
        search: query.search || undefined,
        status: query.status,
        siteId: query.site_id,
        inspectorId: query.inspector_id,
      },
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      schedules: await this.toSchedules(rows),
      pagination: paginationOf(query, total, capped),
    };
  }

  async detail(id: number): Promise<ScheduleDetail> {
    const row = await this.repo.findById(id);
    if (!row) throw AppError.notFound('Schedule');
    const [schedule] = await this.toSchedules([row]);
    const today = this.today();
    const [recent, upcoming] = await Promise.all([
      this.repo.recentAssignments(id, 20),
      row.status === 'active'
        ? this.plannedOf(withFields(row, rulesOf(row)), row.id, today, addDays(today, 89)).then(
            (r) => r.planned,
          )
        : Promise.resolve([]),
    ]);
    return withFields(schedule!, {
      recentAssignments: recent.map((r) => ({
        id: r.id,
        status: r.status,
        dueOn: r.dueOn,
        inspector: { id: r.inspector.id, name: personName(r.inspector) },
        unitCount: Number(r.unitCount),
      })),
      upcoming,
    });
  }

  async create(
    auth: AuthContext,
    input: CreateScheduleBody,
    origin: RequestOrigin,
  ): Promise<ScheduleMutationResponse> {
    const body = createScheduleBodySchema.parse(input);
    const id = await this.db.transaction(async (tx) => {
      const repo = new SchedulesRepository(tx);
      const problems = await this.check(repo, body);
      if (problems.length) throw AppError.validation(problems);
      const row = await repo.insert(withFields(this.valuesOf(body), { createdBy: auth.userId }));
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'schedule.created',
        entityType: 'schedule',
        entityId: row.id,
        after: row,
        ipAddress: origin.ip,
      });
      return row.id;
    });
    return { schedule: await this.detail(id), message: 'Schedule created' };
  }

  /** Changes apply to assignments not created yet; those already created stay as they are. */
  async update(
    auth: AuthContext,
    id: number,
    input: CreateScheduleBody,
    origin: RequestOrigin,
  ): Promise<ScheduleMutationResponse> {
    const body = createScheduleBodySchema.parse(input);
    await this.db.transaction(async (tx) => {
      const repo = new SchedulesRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw AppError.notFound('Schedule');
      if (before.status === 'ended')
        throw new AppError('CONFLICT', 'This schedule has ended and can no longer be changed');
      const problems = await this.check(repo, body);
      if (problems.length) throw AppError.validation(problems);
      const after = await repo.update(id, {
        ...this.valuesOf(withFields(body, { startsOn: body.startsOn ?? before.startsOn })),
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'schedule.updated',
        entityType: 'schedule',
        entityId: id,
        before,
        after,
        ipAddress: origin.ip,
      });
    });
    return {
      schedule: await this.detail(id),
      message: 'Schedule saved; assignments already created are unchanged',
    };
  }

  async setStatus(
    auth: AuthContext,
    id: number,
    change: 'pause' | 'resume' | 'end',
    origin: RequestOrigin,
  ): Promise<ScheduleMutationResponse> {
    const target = { pause: 'paused', resume: 'active', end: 'ended' } as const;
    await this.db.transaction(async (tx) => {
      const repo = new SchedulesRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw AppError.notFound('Schedule');
      const allowed = { pause: ['active'], resume: ['paused'], end: ['active', 'paused'] }[change];
      if (!allowed.includes(before.status))
        throw new AppError(
          'CONFLICT',
          `A schedule that is ${before.status} cannot be ${change === 'end' ? 'ended' : `${change}d`}`,
        );
      await repo.update(id, {
        status: target[change],
        ...(change === 'end' && !before.endsOn ? { endsOn: this.today() } : {}),
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: `schedule.${target[change]}`,
        entityType: 'schedule',
        entityId: id,
        before: { status: before.status },
        after: { status: target[change] },
        ipAddress: origin.ip,
      });
    });
    const messages = { pause: 'Schedule paused', resume: 'Schedule resumed', end: 'Schedule ended' };
    return { schedule: await this.detail(id), message: messages[change] };
  }

  // ------------------------------------------------------------------ the job

  /** Plans every active schedule as of `now` (default: the clock). Overlapping calls share one run. */
  runOnce(now?: Date): Promise<PlanningResult[]> {
    this.running ??= this.run(now ?? this.clock.now()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: Date): Promise<PlanningResult[]> {
    const results: PlanningResult[] = [];
    for (const id of await this.repo.activeIds()) {
      try {
        results.push(await this.planSchedule(id, now));
      } catch (error) {
        this.log.error({ err: error, scheduleId: id }, 'schedule planning failed');
      }
    }
    return results;
  }

  /** Plans one schedule in one transaction under its advisory lock. */
  async planSchedule(id: number, now: Date): Promise<PlanningResult> {
    const today = utcDateOf(now);
    return this.db.transaction(async (tx) => {
      const repo = new SchedulesRepository(tx);
      const found = await repo.findById(id);
      if (found?.status !== 'active') return { scheduleId: id, assignmentIds: [], units: 0, locked: true };
      if (!(await repo.tryLockSite(found.siteId)))
        return { scheduleId: id, assignmentIds: [], units: 0, locked: false };
      // Read again under the lock: another process may have just changed or planned it.
      const s = await repo.findById(id);
      if (s?.status !== 'active') return { scheduleId: id, assignmentIds: [], units: 0, locked: true };
      const rules = rulesOf(s);
      const units = await repo.unitsInScope(s);
      const candidates = units.flatMap((u) => {
        const o = occurrenceNow(u, rules, today);
        return o ? [o] : [];
      });
      const [onOpenWork, existing] = await Promise.all([
        repo.unitsOnOpenWork(candidates.map((c) => c.unit.id)),
        repo.occurrenceKeys(
          id,
          candidates.reduce((min, c) => earlierDate(min, c.due), today),
        ),
      ]);
      const fresh = candidates.filter(
        (c) => !onOpenWork.has(c.unit.id) && !existing.has(`${c.unit.id}:${c.due}`),
      );
      const created = await this.createAssignments(tx, repo, s, fresh);
      await repo.markRun(id, now);
      return { scheduleId: id, assignmentIds: created, units: fresh.length, locked: true };
    });
  }

  private async createAssignments(
    tx: Executor,
    repo: SchedulesRepository,
    s: ScheduleRow,
    fresh: Occurrence[],
  ): Promise<number[]> {
    if (!fresh.length) return [];
    const templateOf = (u: PlanUnit) => s.templateId ?? u.typeDefaultTemplateId;
    const groups = groupOccurrences(fresh, templateOf);
    const templates = new Map(
      (await repo.templatesByIds([...new Set(groups.map((g) => g.templateId))])).map((t) => [t.id, t]),
    );
    const people = await repo.people(s.inspectorIds);
    const usable = s.inspectorIds.filter((id) =>
      people.some((p) => p.id === id && p.userType === 'inspector' && p.status === 'active' && !p.deletedAt),
    );
    const pick = inspectorPicker(s.assigneeMode, usable, await repo.openWork(usable));
    const [site] = await repo.sitesByIds([s.siteId]);
    if (site?.status !== 'active') return [];
    const ids: number[] = [];
    for (const g of groups) {
      const template = templates.get(g.templateId);
      if (
        !template ||
        template.publishedVersion === null ||
        template.status === 'archived' ||
        template.archivedAt
      )
        continue;
      const inspectorId = pick();
      if (!inspectorId) break;
      const assignmentId = await this.assignments.createWithin(
        tx,
        {
          siteId: s.siteId,
          inspectorId,
          categoryId: template.categoryId ?? s.categoryId,
          templateId: g.templateId,
          templateVersion: template.publishedVersion,
          equipmentIds: g.items.map((o) => o.unit.id),
          scheduledFor: g.scheduledFor,
          dueOn: g.dueOn,
          priority: s.priority,
          notes: `Planned by schedule “${s.name}”`,
        },
        { actorId: null, ip: null, source: { scheduleId: s.id } },
      );
      const claimed = await repo.insertOccurrences(
        g.items.map((o) => ({ scheduleId: s.id, equipmentId: o.unit.id, dueOn: o.due, assignmentId })),
      );
      // Under the schedule's lock this cannot happen; if it ever did, the whole run rolls back.
      if (claimed !== g.items.length)
        throw new AppError('CONFLICT', `Schedule ${s.id} was planned twice for the same units`);
      ids.push(assignmentId);
    }
    if (ids.length)
      await this.notifications.notify(tx, {
        recipients: await this.notifications.adminRecipients(tx),
        type: 'schedule.created',
        title: `Schedule “${s.name}” created ${ids.length} ${ids.length === 1 ? 'assignment' : 'assignments'}`,
        body: `At ${site.siteCode} ${site.name}.`,
        link: `/dashboard/inspection-management?tab=schedules`,
      });
    return ids;
  }

  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.log.error({ err: error }, 'schedule planning failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
