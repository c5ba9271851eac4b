import type {
  InspectionAnswersBody,
  InspectionProgressResponse,
  InspectionSubmitBody,
  InspectionSubmitResponse,
  InspectionSummary,
  InspectorAssignment,
  InspectorAssignmentDetail,
  InspectorAssignmentsResponse,
  InspectorUnitResponse,
  TemplateContent,
  UnitAnswers,
} from '@inspecta/contract';
import {
  INSPECTION_IMAGE_MAX_SIDE,
  inspectionAnswersBodySchema,
  inspectionSubmitBodySchema,
  NO_OPEN_WORK_FOR_UNIT,
  templateContentSchema,
  utcDateOf,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit, recordAudits } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { type FileStorage, generateFileName } from '../../core/files/file-storage.js';
import { fileNameFromUrl, fileUrl } from '../../core/files/file-urls.js';
import { processProfileImage } from '../../core/files/image-processing.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import type { CorrectiveActionsService } from '../corrective-actions/index.js';
import { recomputeNextDue } from '../equipment/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { VerificationService } from '../verification/index.js';
import {
  type AssignmentRow,
  type InspectionRow,
  type InspectorAssignmentRow,
  type InspectorView,
  InspectorWorkRepository,
  UPLOAD_AUDIT_ACTION,
} from './inspector-work.repository.js';
import {
  checkAnswersShape,
  evaluateSubmission,
  fileAnswerProblems,
  referencedFiles,
  savedFileAnswers,
} from './submission-evaluation.js';

/** Client paths the notifications link to. */
export const inspectionDetailPath = (id: number) => `/dashboard/inspection-management/inspections/${id}`;

const isOpen = (status: AssignmentRow['status']) => status === 'assigned' || status === 'in_progress';

function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

function oneLineAddress(site: InspectorAssignmentRow['site']): string | null {
  const parts = [site.addressLine1, site.addressLine2, site.city, site.pincode]
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(', ') : null;
}

function toInspectorAssignment(row: InspectorAssignmentRow, today: string): InspectorAssignment {
  const a = row.assignment;
  return {
    id: a.id,
    status: a.status,
    overdue: isOpen(a.status) && a.dueOn < today,
    priority: a.priority,
    scheduledFor: a.scheduledFor,
    dueOn: a.dueOn,
    notes: a.notes,
    site: {
      id: row.site.id,
      name: row.site.name,
      siteCode: row.site.siteCode,
      address: oneLineAddress(row.site),
      contactName: row.site.contactName,
      contactPhone: row.site.contactPhone,
    },
    category: row.category,
    template: { id: row.template.id, name: row.template.name, version: a.templateVersion },
    unitCount: row.unitCount,
  };
}

const conflictFor = (status: AssignmentRow['status']) =>
  status === 'completed'
    ? new AppError('CONFLICT', 'This inspection was already submitted')
    : new AppError('CONFLICT', 'This assignment was cancelled');

/** The inspector's work: their open assignments, filling the pinned template, and submitting it. */
export class InspectorWorkService {
  private readonly repo: InspectorWorkRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
    private readonly storage: FileStorage,
    private readonly correctiveActions: Pick<CorrectiveActionsService, 'onInspectionCompleted'>,
    private readonly sealer: Pick<VerificationService, 'seal'>,
  ) {
    this.repo = new InspectorWorkRepository(db);
  }

  private today(): string {
    return utcDateOf(this.clock.now());
  }

  async list(auth: AuthContext, view: InspectorView): Promise<InspectorAssignmentsResponse> {
    const today = this.today();
    const rows = await this.repo.listOpen(auth.userId, view, today);
    return { assignments: rows.map((r) => toInspectorAssignment(r, today)) };
  }

  /**
   * Where a scanned asset label takes the inspector: their open assignment covering the unit. A unit
   * that does not exist and one no open work of theirs covers answer the same 404, so a label tells
   * an inspector nothing about other inspectors' work.
   */
  async unit(auth: AuthContext, equipmentId: number): Promise<InspectorUnitResponse> {
    const row = await this.repo.openAssignmentForUnit(auth.userId, equipmentId);
    if (!row) throw new AppError('NOT_FOUND', NO_OPEN_WORK_FOR_UNIT);
    return row;
  }

  /** The assignment if it exists and is the caller's: 404 / 403 otherwise. */
  private async ownAssignment(repo: InspectorWorkRepository, auth: AuthContext, id: number) {
    const row = await repo.findAssignment(id);
    if (!row) throw AppError.notFound('Assignment');
    if (row.assignment.inspectorId !== auth.userId)
      throw AppError.forbidden('This assignment belongs to another inspector');
    return row;
  }

  /** Locks the assignment for a change by its inspector: 404, 403, and 409 unless it is open. */
  private async lockOwnOpen(repo: InspectorWorkRepository, auth: AuthContext, id: number) {
    const row = await repo.lockAssignment(id);
    if (!row) throw AppError.notFound('Assignment');
    if (row.inspectorId !== auth.userId)
      throw AppError.forbidden('This assignment belongs to another inspector');
    if (!isOpen(row.status)) throw conflictFor(row.status);
    return row;
  }

  private async content(repo: InspectorWorkRepository, a: AssignmentRow): Promise<TemplateContent> {
    const stored = await repo.templateContent(a.templateId, a.templateVersion);
    if (stored === undefined) throw AppError.notFound('Template version');
    return templateContentSchema.parse(stored);
  }

  async detail(auth: AuthContext, id: number): Promise<InspectorAssignmentDetail> {
    const row = await this.ownAssignment(this.repo, auth, id);
    const [content, units, inspection] = await Promise.all([
      this.content(this.repo, row.assignment),
      this.repo.units(id),
      this.repo.findInspection(id),
    ]);
    const saved = inspection?.answers as { units?: UnitAnswers[]; remarks?: string | null } | undefined;
    // Units taken off the assignment since the save are dropped, so sending the progress back as it
    // was answered cannot be refused for them.
    const current = new Set<number | null>(units.length ? units.map((u) => u.id) : [null]);
    return withFields(toInspectorAssignment(row, this.today()), {
      content,
      units,
      progress: inspection
        ? {
            units: (saved?.units ?? []).filter((u) => current.has(u.equipmentId)),
            remarks: saved?.remarks ?? null,
            savedAt: (inspection.progressSavedAt ?? inspection.startedAt).toISOString(),
          }
        : null,
    });
  }

  /** Creates the inspection (status in_progress) and moves the assignment to in progress. */
  private async start(
    tx: Executor,
    repo: InspectorWorkRepository,
    auth: AuthContext,
    a: AssignmentRow,
    now: Date,
    origin: RequestOrigin,
  ): Promise<InspectionRow> {
    const inspection = await repo.insertInspection({
      assignmentId: a.id,
      siteId: a.siteId,
      inspectorId: a.inspectorId,
      categoryId: a.categoryId,
      templateId: a.templateId,
      templateVersion: a.templateVersion,
      status: 'in_progress',
      startedAt: now,
    });
    await repo.updateAssignment(a.id, { status: 'in_progress', startedAt: a.startedAt ?? now });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'assignment.started',
      entityType: 'assignment',
      entityId: a.id,
      before: { status: a.status },
      after: { status: 'in_progress', inspectionId: inspection.id },
      ipAddress: origin.ip,
    });
    return inspection;
  }

  /** Saves the answers so far; the first save starts the inspection. */
  async saveProgress(
    auth: AuthContext,
    id: number,
    input: InspectionAnswersBody,
    origin: RequestOrigin,
  ): Promise<InspectionProgressResponse> {
    const body = inspectionAnswersBodySchema.parse(input);
    const now = this.clock.now();
    const started = await this.db.transaction(async (tx) => {
      const repo = new InspectorWorkRepository(tx);
      const a = await this.lockOwnOpen(repo, auth, id);
      const [content, units] = await Promise.all([this.content(repo, a), repo.units(id)]);
      const problems = checkAnswersShape(body.units, units, content);
      if (problems.length) throw AppError.validation(problems);
      const owned = await repo.filesUploadedBy(
        auth.userId,
        referencedFiles(content, body.units, fileNameFromUrl),
      );
      const fileProblems = fileAnswerProblems(savedFileAnswers(content, units, body.units), {
        nameOf: fileNameFromUrl,
        owned,
      });
      if (fileProblems.length) throw AppError.validation(fileProblems);
      const existing = await repo.findInspection(id);
      const inspection = existing ?? (await this.start(tx, repo, auth, a, now, origin));
      await repo.updateInspection(inspection.id, {
        answers: { units: body.units, remarks: body.remarks },
        remarks: body.remarks,
        progressSavedAt: now,
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'inspection.progress_saved',
        entityType: 'inspection',
        entityId: inspection.id,
        // The answers themselves live on the inspection; the trail says how much was there.
        after: {
          units: body.units.length,
          answers: body.units.reduce((n, u) => n + Object.keys(u.answers).length, 0),
        },
        ipAddress: origin.ip,
      });
      return !existing;
    });
    return { savedAt: now.toISOString(), message: started ? 'Inspection started' : 'Progress saved' };
  }

  /**
   * Validates every answer against the pinned template version, computes the results (both by
   * `evaluateSubmission`, without the database) and writes the whole completion in one
   * transaction: the inspection, its units, the assignment, each unit's last-inspected and
   * next-due dates, the audit trail and the administrators' notification. Any failure leaves all
   * of it as it was.
   */
  async submit(
    auth: AuthContext,
    id: number,
    input: InspectionSubmitBody,
    origin: RequestOrigin,
  ): Promise<InspectionSubmitResponse> {
    const { device, ...body } = inspectionSubmitBodySchema.parse(input);
    const now = this.clock.now();
    const inspectionId = await this.db.transaction(async (tx) => {
      const repo = new InspectorWorkRepository(tx);
      const a = await this.lockOwnOpen(repo, auth, id);
      const [content, units] = await Promise.all([this.content(repo, a), repo.units(id)]);
      const refs = await repo.findAssignment(a.id);
      const inspectorName = await repo.userName(auth.userId);
      const owned = await repo.filesUploadedBy(
        auth.userId,
        referencedFiles(content, body.units, fileNameFromUrl),
      );

      const evaluation = evaluateSubmission({
        content,
        units,
        body,
        uploads: { nameOf: fileNameFromUrl, owned },
        names: {
          site: refs?.site.name ?? null,
          template: refs?.template.name ?? null,
          inspector: inspectorName,
        },
        now,
      });
      if (!evaluation.ok) throw AppError.validation(evaluation.problems, evaluation.message);
      const submission = evaluation.submission;

      const inspection =
        (await repo.findInspection(id)) ?? (await this.start(tx, repo, auth, a, now, origin));
      const completed = await repo.updateInspection(inspection.id, {
        inspectorId: auth.userId,
        ...submission.inspection,
      });
      await repo.insertInspectionUnits(
        submission.inspectionUnits.map((row) => ({ inspectionId: inspection.id, ...row })),
      );
      await repo.updateAssignment(a.id, submission.assignment);

      const unitIds = submission.inspectedEquipmentIds;
      const datesBefore = await repo.equipmentDates(unitIds);
      await repo.markInspected(unitIds, now);
      await recomputeNextDue(tx, unitIds);
      const datesAfter = new Map((await repo.equipmentDates(unitIds)).map((d) => [d.id, d]));

      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'inspection.completed',
        entityType: 'inspection',
        entityId: inspection.id,
        before: { status: inspection.status },
        after: {
          status: 'completed',
          result: submission.result,
          failedItems: submission.failedItems,
          totalItems: completed.totalItems,
          unitCount: units.length,
        },
        ipAddress: origin.ip,
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'assignment.completed',
        entityType: 'assignment',
        entityId: a.id,
        before: { status: a.status },
        after: { status: 'completed', inspectionId: inspection.id },
        ipAddress: origin.ip,
      });
      await recordAudits(
        tx,
        datesBefore.map((before) => ({
          actorId: auth.userId,
          action: 'equipment.inspected',
          entityType: 'equipment',
          entityId: before.id,
          before: { lastInspectedAt: before.lastInspectedAt, nextDueOn: before.nextDueOn },
          after: {
            lastInspectedAt: datesAfter.get(before.id)?.lastInspectedAt ?? null,
            nextDueOn: datesAfter.get(before.id)?.nextDueOn ?? null,
            inspectionId: inspection.id,
          },
          ipAddress: origin.ip,
        })),
      );

      await this.notifications.notify(tx, {
        recipients: await this.notifications.adminRecipients(tx, [auth.userId]),
        ...submission.notification,
        link: inspectionDetailPath(inspection.id),
      });
      // Corrective actions for the failed items (and the outcome of a re-inspection), in this transaction.
      await this.correctiveActions.onInspectionCompleted(tx, {
        inspectionId: inspection.id,
        assignmentId: a.id,
        siteId: a.siteId,
        inspectorId: auth.userId,
        content,
        answers: submission.inspection.answers,
        results: submission.inspection.results,
        remarks: submission.inspection.remarks,
        now,
        ip: origin.ip,
      });
      // The seal of what was recorded, last, in this transaction: it commits with the completion or not at all.
      await this.sealer.seal(tx, inspection.id, { device: device ?? null });
      // The site's client reads the sealed report in the portal (issue 20).
      const clientId = await repo.siteClientId(a.siteId);
      if (clientId)
        await this.notifications.notify(tx, {
          recipients: [clientId],
          type: 'report.ready',
          title: `Inspection report ready: ${refs?.site.name ?? 'your site'}`,
          body: `${refs?.template.name ?? 'The inspection'} ${submission.result === 'fail' ? 'found items to fix' : 'passed'}; the sealed report is ready.`,
          link: `/portal/inspections/${inspection.id}`,
        });
      return inspection.id;
    });
    const inspection = await this.summary(inspectionId);
    return {
      inspection,
      message:
        inspection.result === 'fail'
          ? 'Inspection submitted: some items failed'
          : 'Inspection submitted: passed',
    };
  }

  private async summary(inspectionId: number): Promise<InspectionSummary> {
    const row = await this.repo.findInspectionById(inspectionId);
    if (!row) throw AppError.notFound('Inspection');
    const refs = await this.repo.findAssignment(row.assignmentId);
    const site = await this.repo.summaryRefs(inspectionId);
    if (!refs || !site) throw AppError.notFound('Inspection');
    return {
      id: row.id,
      assignmentId: row.assignmentId,
      result: row.result!,
      failedItems: row.failedItems,
      totalItems: row.totalItems,
      unitCount: row.unitCount,
      site: withFields(site.site, {
        clientName: site.client ? site.client.company || personName(site.client) : null,
      }),
      inspector: { id: row.inspectorId, name: await this.repo.userName(row.inspectorId) },
      category: refs.category,
      template: { id: refs.template.id, name: refs.template.name, version: row.templateVersion },
      startedAt: row.startedAt.toISOString(),
      completedAt: row.completedAt!.toISOString(),
    };
  }

  /**
   * Stores one photo or signature: checked by content (JPEG, PNG or WebP), re-encoded to WebP
   * without metadata, under a random name. The audit event records who uploaded it, which is what
   * submit checks before it accepts the URL in an answer.
   */
  async upload(auth: AuthContext, data: Buffer, origin: RequestOrigin): Promise<{ url: string }> {
    const encoded = await processProfileImage(data, INSPECTION_IMAGE_MAX_SIDE);
    const name = generateFileName('webp');
    await this.storage.save(name, encoded);
    try {
      await recordAudit(this.db, {
        actorId: auth.userId,
        action: UPLOAD_AUDIT_ACTION,
        entityType: 'file',
        entityId: name,
        after: { url: fileUrl(name), bytes: encoded.length },
        ipAddress: origin.ip,
      });
    } catch (error) {
      await this.storage.remove(name).catch(() => {});
      throw error;
    }
    return { url: fileUrl(name) };
  }
}
