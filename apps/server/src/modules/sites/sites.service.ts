import {
  type BulkResult,
  type ClientListQueryValues,
  type ClientListResponse,
  type FieldError,
  type SiteBulkBody,
  type SiteCitiesResponse,
  type SiteCompletedInspectionsResponse,
  type SiteCreateValues,
  type SiteDetailsResponse,
  type SiteExportQuery,
  type SiteListQueryValues,
  type SiteListResponse,
  type SiteMutationResponse,
  type SiteUpdateValues,
  siteRuleProblems,
  utcDateOf,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { runBulk } from '../../core/bulk.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { keysetBatches, mapBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { SiteContactValue } from '../../db/schema.js';
import { SiteClientsRepository } from './site-clients.repository.js';
import { SiteInspectionsRepository } from './site-inspections.repository.js';
import { personName, toSite, toSiteClient } from './sites.mapper.js';
import {
  SITE_COUNT_CAP,
  type SiteInsert,
  type SiteListRow,
  type SiteRow,
  SitesRepository,
  type SiteWithClient,
} from './sites.repository.js';

/** The fields a create or an update may set, in the order they are compared for the audit trail. */
const EDITABLE_FIELDS = [
  'siteCode',
  'name',
  'clientId',
  'addressLine1',
  'addressLine2',
  'city',
  'district',
  'state',
  'pincode',
  'country',
  'latitude',
  'longitude',
  'contactName',
  'contactPhone',
  'contactEmail',
  'otherContacts',
  'notes',
] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];

const DEFAULT_COUNTRY = 'India';
/** Units due within this many days count as "due soon". */
const DUE_SOON_DAYS = 30;
const LATEST_INSPECTIONS = 5;
const MAX_CITIES = 500;

/** A calendar date (YYYY-MM-DD) in the server's time zone. */
export function localDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function addDays(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

function contactsOf(values: SiteCreateValues['otherContacts']): SiteContactValue[] | undefined {
  return values?.map((c) => ({
    name: c.name,
    role: c.role ?? null,
    phone: c.phone ?? null,
    email: c.email ?? null,
  }));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function siteCodeTaken(code?: string): AppError {
  return AppError.conflict(
    'siteCode',
    code
      ? `SiteId no. ${code} is already used by another site`
      : 'This SiteId no. is already used by another site',
  );
}

export class SitesService {
  private readonly repo: SitesRepository;
  private readonly clientsRepo: SiteClientsRepository;
  private readonly inspectionsRepo: SiteInspectionsRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new SitesRepository(db);
    this.clientsRepo = new SiteClientsRepository(db);
    this.inspectionsRepo = new SiteInspectionsRepository(db);
  }

  // ---- reads ----

  /**
   * Starts an export of the filtered register (docs/exports.md): counts it, audits `site.exported`
   * with the filters, and answers the sites in keyset batches by id, each with its equipment count.
   */
  async startExport(
    auth: AuthContext,
    { format, ...filters }: SiteExportQuery,
    ip: string,
  ): Promise<PreparedExport<SiteWithClient & { equipmentCount: number }>> {
    const plan = await this.repo.searchPlan({
      search: filters.search || undefined,
      status: filters.status,
      clientId: filters.client_id,
      city: filters.city || undefined,
      ids: filters.ids,
    });
    const counts = await this.repo.countByStatus(plan);
    const rowCount = filters.status ? counts[filters.status] : counts.draft + counts.active + counts.inactive;
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'site',
      format,
      filters,
      rowCount,
    });
    const batches = keysetBatches(
      (afterId, size) => this.repo.batchAfter(plan, afterId, size),
      (row) => row.site.id,
    );
    return {
      rowCount,
      date: utcDateOf(this.clock.now()),
      batches: mapBatches(batches, async (batch) => {
        const equipmentCounts = await this.repo.equipmentCounts(batch.map((r) => r.site.id));
        return batch.map((row) => withFields(row, { equipmentCount: equipmentCounts.get(row.site.id) ?? 0 }));
      }),
    };
  }

  async list(query: SiteListQueryValues): Promise<SiteListResponse> {
    const filter = {
      search: query.search || undefined,
      status: query.status,
      clientId: query.client_id,
      city: query.city || undefined,
    };
    const offset = (query.page - 1) * query.limit;
    if (filter.search) {
      // While searching, the best matches come first unless a column order was asked for.
      const sort = query.sort ?? 'relevance';
      const { rows, counts, plan } = await this.repo.searchPage(filter, sort, offset, query.limit);
      const all = counts.capped ? SITE_COUNT_CAP : counts.draft + counts.active + counts.inactive;
      // Past the cap the status figures are lower bounds; a status tab's own total is counted on its own.
      const { total, capped: totalIsCapped } =
        query.status && counts.capped
          ? await this.repo.countStatusCapped(plan, query.status)
          : { total: query.status ? counts[query.status] : all, capped: !query.status && counts.capped };
      return this.listResponse(rows, query, {
        total,
        totalIsCapped,
        counts: {
          all,
          draft: counts.draft,
          active: counts.active,
          inactive: counts.inactive,
          ...(counts.capped ? { capped: true } : {}),
        },
      });
    }
    const plan = await this.repo.searchPlan(filter);
    const [rows, counts] = await Promise.all([
      this.repo.list(plan, query.sort, offset, query.limit),
      this.repo.countByStatus(plan),
    ]);
    const all = counts.draft + counts.active + counts.inactive;
    return this.listResponse(rows, query, {
      total: query.status ? counts[query.status] : all,
      totalIsCapped: false,
      counts: { all, ...counts },
    });
  }

  private listResponse(
    rows: SiteListRow[],
    query: SiteListQueryValues,
    totals: { total: number; totalIsCapped: boolean; counts: SiteListResponse['counts'] },
  ): SiteListResponse {
    return {
      sites: rows.map(({ site, client, equipmentCount }) =>
        Object.assign(toSite(site, client), { equipmentCount: Number(equipmentCount) }),
      ),
      pagination: paginationOf(query, totals.total, totals.totalIsCapped),
      counts: totals.counts,
    };
  }

  async cities(): Promise<SiteCitiesResponse> {
    return { cities: await this.repo.cities(MAX_CITIES) };
  }

  async details(id: number): Promise<SiteDetailsResponse> {
    const found = await this.repo.findDetails(id);
    if (!found) throw AppError.notFound('Site');
    const now = this.clock.now();
    const [summary, inspectors, inspections] = await Promise.all([
      this.repo.equipmentSummary(id, localDate(now), localDate(addDays(now, DUE_SOON_DAYS))),
      this.inspectionsRepo.assignedInspectors(id),
      this.inspectionsRepo.completedInspections(id, 0, LATEST_INSPECTIONS),
    ]);
    return {
      site: withFields(toSite(found.site, found.client), {
        createdBy: found.creator ? { id: found.creator.id, name: personName(found.creator) } : null,
        equipmentSummary: {
          total: summary.total,
          byStatus: {
            in_service: summary.inService,
            out_of_service: summary.outOfService,
            retired: summary.retired,
          },
          byDueState: {
            overdue: summary.overdue,
            dueSoon: summary.dueSoon,
            upToDate: summary.upToDate,
            notScheduled: summary.notScheduled,
          },
          nextDueOn: summary.nextDueOn,
        },
        assignedInspectors: inspectors,
        latestInspections: inspections.rows,
      }),
    };
  }

  async completedInspections(query: {
    site_id: number;
    page: number;
    limit: number;
  }): Promise<SiteCompletedInspectionsResponse> {
    if (!(await this.repo.exists(query.site_id))) throw AppError.notFound('Site');
    const { rows, total } = await this.inspectionsRepo.completedInspections(
      query.site_id,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { data: rows, pagination: { page: query.page, limit: query.limit, total } };
  }

  async clients(query: ClientListQueryValues): Promise<ClientListResponse> {
    const { rows, total } = await this.clientsRepo.listClients(
      query.search || undefined,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { clients: rows.map(toSiteClient), pagination: { page: query.page, limit: query.limit, total } };
  }

  // ---- changes ----

  /** A new site is a draft; it needs only its name until it is saved. */
  async create(
    auth: AuthContext,
    body: SiteCreateValues,
    origin: RequestOrigin,
  ): Promise<SiteMutationResponse> {
    const problems = siteRuleProblems(body, { forActive: false });
    if (problems.length) throw AppError.validation(problems);
    return this.inTransaction(async (repo, tx) => {
      if (body.clientId) await this.checkAssignableClient(tx, body.clientId);
      let siteCode = body.siteCode ?? null;
      if (siteCode) {
        if (await repo.findBySiteCode(siteCode)) throw siteCodeTaken(siteCode);
      } else {
        siteCode = await repo.nextGeneratedSiteCode();
      }
      const values: SiteInsert = {
        siteCode,
        name: body.name,
        clientId: body.clientId ?? null,
        addressLine1: body.addressLine1 ?? null,
        addressLine2: body.addressLine2 ?? null,
        city: body.city ?? null,
        district: body.district ?? null,
        state: body.state ?? null,
        pincode: body.pincode ?? null,
        country: body.country ?? DEFAULT_COUNTRY,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        contactName: body.contactName ?? null,
        contactPhone: body.contactPhone ?? null,
        contactEmail: body.contactEmail ?? null,
        otherContacts: contactsOf(body.otherContacts) ?? [],
        notes: body.notes ?? null,
        status: 'draft',
        createdBy: auth.userId,
      };
      const row = await repo.insert(values);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'site.create',
        entityType: 'site',
        entityId: row.id,
        after: row,
        ipAddress: origin.ip,
      });
      return { site: await this.withClient(tx, row), message: `Draft ${row.siteCode} created` };
    }, body.siteCode ?? undefined);
  }

  /**
   * Changes the fields given. A draft may stay incomplete; an active or inactive site must keep
   * every required field.
   */
  async update(
    auth: AuthContext,
    id: number,
    body: SiteUpdateValues,
    origin: RequestOrigin,
  ): Promise<SiteMutationResponse> {
    return this.inTransaction(async (repo, tx) => {
      const current = await repo.lockById(id);
      if (!current) throw AppError.notFound('Site');
      if (body.siteCode === null) {
        throw AppError.validation([{ field: 'siteCode', message: 'Enter the SiteId no.' }]);
      }

      const changes: Partial<SiteInsert> = {};
      for (const field of EDITABLE_FIELDS) {
        const raw = body[field];
        if (raw === undefined) continue;
        const value =
          field === 'otherContacts'
            ? contactsOf(body.otherContacts)
            : field === 'country'
              ? (body.country ?? DEFAULT_COUNTRY)
              : raw;
        if (!sameValue(current[field as EditableField], value)) {
          (changes as Record<string, unknown>)[field] = value;
        }
      }

      const merged = withFields(current, changes) as SiteRow;
      const problems = siteRuleProblems(merged, { forActive: current.status !== 'draft' });
      if (problems.length) {
        throw AppError.validation(
          problems,
          current.status === 'draft'
            ? 'Some fields are not valid'
            : `An ${current.status} site needs these fields: ${problems.map((p) => p.field).join(', ')}`,
        );
      }
      if (changes.clientId) await this.checkAssignableClient(tx, changes.clientId);
      if (changes.siteCode) {
        const holder = await repo.findBySiteCode(changes.siteCode);
        if (holder && holder.id !== id) throw siteCodeTaken(changes.siteCode);
      }
      if (Object.keys(changes).length === 0) {
        return { site: await this.withClient(tx, current), message: 'No changes to save' };
      }

      const row = await repo.update(id, withFields(changes, { updatedAt: this.clock.now() }));
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'site.update',
        entityType: 'site',
        entityId: id,
        before: current,
        after: row,
        ipAddress: origin.ip,
      });
      return { site: await this.withClient(tx, row), message: `Site ${row.siteCode} updated` };
    }, body.siteCode ?? undefined);
  }

  /** `auth/save/site`: checks the whole draft and makes it active. */
  async save(auth: AuthContext, id: number, origin: RequestOrigin): Promise<SiteMutationResponse> {
    return this.inTransaction(async (repo, tx) => {
      const current = await repo.lockById(id);
      if (!current) throw AppError.notFound('Site');
      if (current.status !== 'draft') {
        throw new AppError(
          'CONFLICT',
          current.status === 'active'
            ? 'This site is already saved and active'
            : 'This site is inactive: reactivate it instead of saving it again',
        );
      }
      await this.checkComplete(tx, current, 'Complete these fields before saving the site');
      const row = await repo.update(id, { status: 'active', updatedAt: this.clock.now() });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'site.activate',
        entityType: 'site',
        entityId: id,
        before: current,
        after: row,
        ipAddress: origin.ip,
      });
      return { site: await this.withClient(tx, row), message: `Site ${row.siteCode} saved and active` };
    });
  }

  /** `auth/discardSite`: throws a draft away. Saved sites are deactivated or deleted instead. */
  async discard(auth: AuthContext, id: number, origin: RequestOrigin): Promise<{ message: string }> {
    return this.inTransaction(async (repo, tx) => {
      const current = await repo.lockById(id);
      if (!current) throw AppError.notFound('Site');
      if (current.status !== 'draft') {
        throw new AppError(
          'CONFLICT',
          'Only drafts can be discarded. Deactivate the site, or delete it if it has no inspections.',
        );
      }
      const equipmentRemoved = await repo.deleteWithEquipment(id);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'site.discard',
        entityType: 'site',
        entityId: id,
        before: withFields(current, { equipmentRemoved }),
        ipAddress: origin.ip,
      });
      return { message: `Draft ${current.siteCode} discarded` };
    });
  }

  /** Deactivates an active site or reactivates an inactive one (a draft is saved instead). */
  async setStatus(
    auth: AuthContext,
    id: number,
    status: 'active' | 'inactive',
    origin: RequestOrigin,
  ): Promise<SiteMutationResponse> {
    return this.inTransaction(async (_repo, tx) => {
      const { row, changed } = await this.setStatusIn(tx, auth, id, status, origin);
      return {
        site: await this.withClient(tx, row),
        message: changed
          ? `Site ${row.siteCode} ${status === 'active' ? 'reactivated' : 'deactivated'}`
          : `Site ${row.siteCode} is already ${status}`,
      };
    });
  }

  /**
   * Deactivates or reactivates the selected sites all or nothing (POST /auth/sites/bulk), each by the
   * rules of `setStatus`: a draft is refused (save it), reactivating needs every required field.
   */
  bulkStatus(auth: AuthContext, body: SiteBulkBody, origin: RequestOrigin): Promise<BulkResult> {
    const status = body.action === 'deactivate' ? 'inactive' : 'active';
    return runBulk(
      this.db,
      body.ids,
      {
        one: 'site',
        many: 'sites',
        done: status === 'inactive' ? 'deactivated' : 'reactivated',
        already: `already ${status}`,
      },
      async (tx, id) => {
        const { row, changed } = await this.setStatusIn(tx, auth, id, status, origin);
        return changed ? { changed } : { changed, reason: `Site ${row.siteCode} is already ${status}` };
      },
    );
  }

  /** One site's status change on the caller's transaction, with its audit event. */
  private async setStatusIn(
    tx: Executor,
    auth: AuthContext,
    id: number,
    status: 'active' | 'inactive',
    origin: RequestOrigin,
  ): Promise<{ row: SiteRow; changed: boolean }> {
    const repo = new SitesRepository(tx);
    const current = await repo.lockById(id);
    if (!current) throw AppError.notFound('Site');
    if (current.status === 'draft') {
      throw new AppError('CONFLICT', 'This site is a draft: save it to make it active');
    }
    if (current.status === status) return { row: current, changed: false };
    if (status === 'active') {
      await this.checkComplete(tx, current, 'Complete these fields before reactivating the site');
    }
    const row = await repo.update(id, { status, updatedAt: this.clock.now() });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: status === 'active' ? 'site.reactivate' : 'site.deactivate',
      entityType: 'site',
      entityId: id,
      before: current,
      after: row,
      ipAddress: origin.ip,
    });
    return { row, changed: true };
  }

  /**
   * Deletes a site and the equipment registered at it, as long as no inspection there was ever
   * completed; a site with history is deactivated instead, so its reports stay.
   */
  async delete(auth: AuthContext, id: number, origin: RequestOrigin): Promise<{ message: string }> {
    return this.inTransaction(async (repo, tx) => {
      const current = await repo.lockById(id);
      if (!current) throw AppError.notFound('Site');
      const inspectionWork = new SiteInspectionsRepository(tx);
      if (await inspectionWork.hasCompletedInspections(id)) {
        throw new AppError(
          'CONFLICT',
          'This site has completed inspections, so it cannot be deleted. Deactivate it instead to keep its history.',
        );
      }
      const open = await inspectionWork.openAssignmentCount(id);
      if (open > 0) {
        throw new AppError(
          'CONFLICT',
          `This site has ${open} open assignment${open === 1 ? '' : 's'}. Cancel ${open === 1 ? 'it' : 'them'} in Inspection Management before deleting the site.`,
        );
      }
      const equipmentRemoved = await repo.deleteWithEquipment(id);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'site.delete',
        entityType: 'site',
        entityId: id,
        before: withFields(current, { equipmentRemoved }),
        ipAddress: origin.ip,
      });
      const units = equipmentRemoved
        ? ` with its ${equipmentRemoved} equipment unit${equipmentRemoved === 1 ? '' : 's'}`
        : '';
      return { message: `Site ${current.siteCode} deleted${units}` };
    });
  }

  // ---- helpers ----

  /**
   * Runs `work` in one transaction with a repository bound to it. A unique violation on the site
   * code (a concurrent create won the race) becomes the same 409 as the check before it.
   */
  private async inTransaction<T>(
    work: (repo: SitesRepository, tx: Executor) => Promise<T>,
    siteCodeForConflict?: string,
  ): Promise<T> {
    try {
      return await this.db.transaction((tx) => work(new SitesRepository(tx), tx));
    } catch (error) {
      if (isUniqueViolation(error, 'sites_site_code_unique')) {
        throw siteCodeTaken(siteCodeForConflict);
      }
      throw error;
    }
  }

  private async withClient(executor: Executor, row: SiteRow) {
    const client = row.clientId
      ? await new SiteClientsRepository(executor).findClient(row.clientId)
      : undefined;
    return toSite(row, client ?? null);
  }

  /** A site can be given only to a live, active client. */
  private async checkAssignableClient(executor: Executor, clientId: number): Promise<void> {
    const client = await new SiteClientsRepository(executor).findClient(clientId);
    if (client?.userType !== 'client' || client.deletedAt) {
      throw AppError.validation([{ field: 'clientId', message: 'Choose an existing client' }]);
    }
    if (client.status !== 'active') {
      throw AppError.validation([
        { field: 'clientId', message: 'This client is deactivated: choose an active client' },
      ]);
    }
  }

  /** Every required field is there and the client is live and active, or 400 naming each problem. */
  private async checkComplete(executor: Executor, site: SiteRow, message: string): Promise<void> {
    const problems: FieldError[] = siteRuleProblems(site, { forActive: true });
    if (site.clientId && !problems.some((p) => p.field === 'clientId')) {
      const client = await new SiteClientsRepository(executor).findClient(site.clientId);
      if (!client || client.deletedAt || client.status !== 'active') {
        problems.push({
          field: 'clientId',
          message: 'The client is no longer active: choose an active client',
        });
      }
    }
    if (problems.length) {
      throw AppError.validation(problems, `${message}: ${problems.map((p) => p.field).join(', ')}`);
    }
  }
}
