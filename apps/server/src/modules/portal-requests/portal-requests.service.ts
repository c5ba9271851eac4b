import {
  type CreateInspectionRequestBody,
  createInspectionRequestBodySchema,
  type DeclineInspectionRequestBody,
  declineInspectionRequestBodySchema,
  type FieldError,
  type InspectionRequest,
  type InspectionRequestListQueryValues,
  type InspectionRequestListResponse,
  type InspectionRequestMutationResponse,
  PORTAL_REQUEST_SITE_OPTIONS_MAX,
  type PortalActionDetail,
  type PortalActionListQueryValues,
  type PortalActionListResponse,
  type PortalComment,
  type PortalRequestListQueryValues,
  type PortalRequestOptionsQuery,
  type PortalRequestOptionsResponse,
  portalEvidenceFieldsSchema,
  type ScheduleInspectionRequestBody,
  type ScheduleInspectionRequestResponse,
  utcDateOf,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import type { Database, Executor } from '../../db/database.js';
import type { AssignmentsService } from '../assignments/index.js';
import type { CorrectiveActionsService } from '../corrective-actions/index.js';
import type { NotificationsService } from '../notifications/index.js';
import {
  PortalRequestsRepository,
  type RequestRow,
  type RequestWithRefs,
} from './portal-requests.repository.js';

const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
/** Where the administrators handle requests (Inspection Management, Requests tab). */
const ADMIN_REQUESTS_PATH = '/dashboard/inspection-management?tab=requests';
const PORTAL_REQUESTS_PATH = '/portal/requests';
const requestNotFound = () => AppError.notFound('Request');

function toRequest(
  row: RequestWithRefs,
  units: Array<{ id: number; name: string; assetTag: string }>,
): InspectionRequest {
  const r = row.request;
  return {
    id: r.id,
    status: r.status,
    site: row.site,
    equipment: units,
    category: row.category,
    preferredDate: r.preferredDate,
    message: r.message,
    declineReason: r.declineReason,
    assignmentId: r.assignmentId,
    requestedBy: { id: row.requester.id, name: personName(row.requester) },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a request. */
function auditView(r: RequestRow, equipmentIds?: number[]) {
  return {
    status: r.status,
    siteId: r.siteId,
    categoryId: r.categoryId,
    preferredDate: r.preferredDate,
    declineReason: r.declineReason,
    assignmentId: r.assignmentId,
    ...(equipmentIds ? { equipmentIds } : {}),
  };
}

/**
 * The client portal's inspection requests and corrective actions (issue 20, docs/portal.md).
 * A client reaches only its own requests and the actions at its own sites: anything else, another
 * client's or an unknown id, is the same 404. An administrator schedules a request (the assignment
 * is created through the assignments service in the request's transaction) or declines it.
 */
export class PortalRequestsService {
  private readonly repo: PortalRequestsRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
    private readonly assignments: AssignmentsService,
    private readonly correctiveActions: CorrectiveActionsService,
  ) {
    this.repo = new PortalRequestsRepository(db);
  }

  private today(): string {
    return utcDateOf(this.clock.now());
  }

  private async view(id: number, executor: Executor = this.db): Promise<InspectionRequest> {
    const repo = new PortalRequestsRepository(executor);
    const row = await repo.findById(id);
    if (!row) throw requestNotFound();
    return toRequest(row, (await repo.unitsOf([id])).get(id) ?? []);
  }

  private async page(
    result: { rows: RequestWithRefs[]; total: number },
    query: { page: number; limit: number },
  ): Promise<InspectionRequestListResponse> {
    const units = await this.repo.unitsOf(result.rows.map((r) => r.request.id));
    return {
      requests: result.rows.map((r) => toRequest(r, units.get(r.request.id) ?? [])),
      pagination: { page: query.page, limit: query.limit, total: result.total },
    };
  }

  // ------------------------------------------------------------------ the client

  async options(auth: AuthContext, query: PortalRequestOptionsQuery): Promise<PortalRequestOptionsResponse> {
    const [categories, sites] = await Promise.all([
      this.repo.activeCategories(),
      this.repo.clientSites(auth.userId, query.search, PORTAL_REQUEST_SITE_OPTIONS_MAX),
    ]);
    return { categories, sites };
  }

  async listOwn(
    auth: AuthContext,
    query: PortalRequestListQueryValues,
  ): Promise<InspectionRequestListResponse> {
    const result = await this.repo.listForClient(
      auth.userId,
      query.status,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return this.page(result, query);
  }

  async create(
    auth: AuthContext,
    input: CreateInspectionRequestBody,
    origin: RequestOrigin,
  ): Promise<InspectionRequestMutationResponse> {
    const body = createInspectionRequestBodySchema.parse(input);
    const id = await this.db.transaction(async (tx) => {
      const repo = new PortalRequestsRepository(tx);
      const problems: FieldError[] = [];
      // Another client's site reads like an unknown one: the client learns nothing about it.
      const site = await repo.findSite(body.siteId);
      if (!site || site.clientId !== auth.userId)
        problems.push({ field: 'siteId', message: 'Choose one of your sites' });
      else {
        const atSite = await repo.unitsAtSite(site.id, body.equipmentIds);
        const elsewhere = body.equipmentIds.filter((u) => !atSite.has(u)).length;
        if (elsewhere)
          problems.push({
            field: 'equipmentIds',
            message: `${elsewhere === 1 ? 'One unit is' : `${elsewhere} units are`} not at this site`,
          });
      }
      if (body.categoryId !== null) {
        const category = await repo.findCategory(body.categoryId);
        if (!category?.active)
          problems.push({ field: 'categoryId', message: 'Choose one of the categories' });
      }
      if (body.preferredDate && body.preferredDate < this.today())
        problems.push({ field: 'preferredDate', message: 'Preferred date cannot be in the past' });
      if (problems.length) throw AppError.validation(problems);
      const row = await repo.insert(
        {
          clientId: auth.userId,
          siteId: body.siteId,
          categoryId: body.categoryId,
          preferredDate: body.preferredDate,
          message: body.message,
          status: 'open',
        },
        body.equipmentIds,
      );
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'inspection_request.created',
        entityType: 'inspection_request',
        entityId: row.id,
        after: auditView(row, body.equipmentIds),
        ipAddress: origin.ip,
      });
      const units = body.equipmentIds.length;
      const scope = units ? `${units} unit${units === 1 ? '' : 's'} at ` : '';
      const when = body.preferredDate ? `, preferably on ${body.preferredDate}` : '';
      await this.notifications.notify(tx, {
        recipients: await this.notifications.adminRecipients(tx),
        type: 'request.created',
        title: `Inspection requested: ${site!.name}`,
        body: `${personName(auth.user)} asks for an inspection of ${scope}${site!.siteCode} ${site!.name}${when}.`,
        link: ADMIN_REQUESTS_PATH,
      });
      return row.id;
    });
    return { request: await this.view(id), message: 'Request sent' };
  }

  async cancel(
    auth: AuthContext,
    id: number,
    origin: RequestOrigin,
  ): Promise<InspectionRequestMutationResponse> {
    await this.db.transaction(async (tx) => {
      const repo = new PortalRequestsRepository(tx);
      const before = await repo.lock(id);
      if (!before || before.clientId !== auth.userId) throw requestNotFound();
      if (before.status !== 'open')
        throw new AppError(
          'CONFLICT',
          `This request is already ${before.status}; only an open one can be cancelled`,
        );
      const after = await repo.update(id, { status: 'cancelled' });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'inspection_request.cancelled',
        entityType: 'inspection_request',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
        ipAddress: origin.ip,
      });
      // Its own kind (not request.created or request.updated, the client's): an administrator
      // may be planning the visit already, and may switch these off apart from new requests.
      const request = await this.view(id, tx);
      await this.notifications.notify(tx, {
        recipients: await this.notifications.adminRecipients(tx),
        type: 'request.cancelled',
        title: `Request cancelled: ${request.site.name}`,
        body: `${personName(auth.user)} cancelled request #${id} for ${request.site.siteCode} ${request.site.name}.`,
        link: ADMIN_REQUESTS_PATH,
      });
    });
    return { request: await this.view(id), message: 'Request cancelled' };
  }

  // ------------------------------------------------------------------ the administrators

  async listAll(query: InspectionRequestListQueryValues): Promise<InspectionRequestListResponse> {
    const result = await this.repo.listForAdmin(
      query.status,
      query.search,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return this.page(result, query);
  }

  /** Locks an open request for a decision (404 unknown, 409 decided already). */
  private async lockOpen(repo: PortalRequestsRepository, id: number): Promise<RequestRow> {
    const before = await repo.lock(id);
    if (!before) throw requestNotFound();
    if (before.status !== 'open') throw new AppError('CONFLICT', `This request is already ${before.status}`);
    return before;
  }

  async schedule(
    auth: AuthContext,
    id: number,
    input: ScheduleInspectionRequestBody,
    origin: RequestOrigin,
  ): Promise<ScheduleInspectionRequestResponse> {
    const assignmentId = await this.db.transaction(async (tx) => {
      const repo = new PortalRequestsRepository(tx);
      const before = await this.lockOpen(repo, id);
      if (Number(input.siteId) !== before.siteId)
        throw AppError.validation([{ field: 'siteId', message: 'Schedule the request at its own site' }]);
      const created = await this.assignments.createIn(tx, auth, input, origin, { inspectionRequestId: id });
      const after = await repo.update(id, {
        status: 'scheduled',
        assignmentId: created,
        decidedBy: auth.userId,
        decidedAt: this.clock.now(),
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'inspection_request.scheduled',
        entityType: 'inspection_request',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
        ipAddress: origin.ip,
      });
      const request = await this.view(id, tx);
      await this.notifyClient(tx, before.clientId, {
        title: `Inspection scheduled: ${request.site.name}`,
        body: `Your request #${id} is scheduled (assignment #${created}).`,
      });
      return created;
    });
    return { request: await this.view(id), assignmentId, message: 'Request scheduled' };
  }

  async decline(
    auth: AuthContext,
    id: number,
    input: DeclineInspectionRequestBody,
    origin: RequestOrigin,
  ): Promise<InspectionRequestMutationResponse> {
    const body = declineInspectionRequestBodySchema.parse(input);
    await this.db.transaction(async (tx) => {
      const repo = new PortalRequestsRepository(tx);
      const before = await this.lockOpen(repo, id);
      const after = await repo.update(id, {
        status: 'declined',
        declineReason: body.reason,
        decidedBy: auth.userId,
        decidedAt: this.clock.now(),
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'inspection_request.declined',
        entityType: 'inspection_request',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
        ipAddress: origin.ip,
      });
      const request = await this.view(id, tx);
      await this.notifyClient(tx, before.clientId, {
        title: `Request declined: ${request.site.name}`,
        body: `Your request #${id} was declined: ${body.reason}`,
      });
    });
    return { request: await this.view(id), message: 'Request declined' };
  }

  private async notifyClient(tx: Executor, clientId: number, message: { title: string; body: string }) {
    await this.notifications.notify(tx, {
      recipients: [clientId],
      type: 'request.updated',
      ...message,
      link: PORTAL_REQUESTS_PATH,
    });
  }

  // ------------------------------------------------------------------ corrective actions (the client)

  listActions(auth: AuthContext, query: PortalActionListQueryValues): Promise<PortalActionListResponse> {
    return this.correctiveActions.clientList(auth.userId, query);
  }

  actionDetail(auth: AuthContext, id: number): Promise<PortalActionDetail> {
    return this.correctiveActions.clientDetail(auth.userId, id);
  }

  /** 404 unless the action is at the client's site; with `evidence`, 403 unless the client owns it. */
  assertAction(auth: AuthContext, id: number, evidence: boolean): Promise<void> {
    return this.correctiveActions.assertClientAction(auth.userId, id, evidence);
  }

  comment(auth: AuthContext, id: number, body: string, origin: RequestOrigin): Promise<PortalComment> {
    return this.correctiveActions.clientComment(
      auth.userId,
      id,
      { body, image: null, evidence: false },
      origin,
    );
  }

  evidence(
    auth: AuthContext,
    id: number,
    input: { note: unknown; images: Buffer[] },
    origin: RequestOrigin,
  ): Promise<PortalComment> {
    const fields = portalEvidenceFieldsSchema.safeParse({ note: input.note ?? '' });
    if (!fields.success)
      throw AppError.validation([
        { field: 'note', message: fields.error.issues[0]?.message ?? 'Note is not valid' },
      ]);
    const [image] = input.images;
    if (!image) throw AppError.validation([{ field: 'file', message: 'Choose a photo of the evidence' }]);
    return this.correctiveActions.clientComment(
      auth.userId,
      id,
      { body: fields.data.note, image, evidence: true },
      origin,
    );
  }
}
