import {
  type BulkResult,
  computeNextDueOn,
  dueStatusOf,
  EQUIPMENT_LABELS_MAX,
  type Equipment,
  type EquipmentBulkBody,
  type EquipmentCreateValues,
  type EquipmentDetailsResponse,
  type EquipmentExportQuery,
  type EquipmentFilterQuery,
  type EquipmentHistoryEntry,
  type EquipmentLabelsQuery,
  type EquipmentLabelsSummary,
  type EquipmentListQuery,
  type EquipmentListResponse,
  type EquipmentMutationResponse,
  type EquipmentSiteRef,
  type EquipmentUpdateValues,
  type ImportPreviewResponse,
  type ImportResponse,
  unitLabelPath,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { type AuditEntry, recordAudit, recordAudits } from '../../core/audit.js';
import { runBulk } from '../../core/bulk.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import { RenderLimit, type RenderLimitOptions } from '../../core/render-limit.js';
import { readSheet } from '../../core/spreadsheet.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { todayOf } from '../../db/query-helpers.js';
import { equipmentTypeLookups } from '../equipment-types/index.js';
import {
  type EquipmentInsert,
  EquipmentRepository,
  type EquipmentRow,
  type EquipmentWithRefs,
  type ResolvedFilters,
} from './equipment.repository.js';
import { buildImportTemplate } from './equipment-export.js';
import { type CheckedImportRow, checkImportRows, mapSheet } from './equipment-import.js';
import { labelsFileName, renderLabelSheets } from './equipment-labels.js';
import { recomputeNextDueForType } from './next-due-dates.js';

const TAG_TAKEN = 'This asset tag is already used at this site';
const SERIAL_TAKEN = 'This serial number is already registered for this equipment type';

export function toEquipment({ unit, site, type }: EquipmentWithRefs, today: string): Equipment {
  return {
    id: unit.id,
    siteId: unit.siteId,
    site,
    equipmentTypeId: unit.equipmentTypeId,
    equipmentType: type,
    assetTag: unit.assetTag,
    serialNumber: unit.serialNumber,
    name: unit.name,
    location: unit.location,
    installedOn: unit.installedOn,
    status: unit.status,
    isCritical: unit.isCritical,
    lastInspectedAt: unit.lastInspectedAt?.toISOString() ?? null,
    nextDueOn: unit.nextDueOn,
    dueStatus: dueStatusOf(unit.nextDueOn, today),
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
  };
}

/**
 * Label sheet PDFs made at once in one process: two (a full part of 1,000 labels is about 3.6 s of
 * work on a 2-core machine), four more waiting their turn up to 30 s, then 503 with Retry-After.
 */
const LABEL_RENDER_LIMIT: RenderLimitOptions = {
  concurrent: 2,
  queue: 4,
  maxWaitMs: 30_000,
  retryAfter: 10,
  busyMessage: 'Other label sheets are being made right now. Please try again in a few seconds.',
};

/** What an audit event keeps of a unit: the row, plus the site code and type name people read. */
function snapshot(unit: EquipmentRow, site: { siteCode: string }, type: { name: string }) {
  return withFields(unit, { siteCode: site.siteCode, typeName: type.name });
}

/** The fields the details drawer lists as changed, in display order. */
const HISTORY_FIELDS = [
  'siteCode',
  'typeName',
  'assetTag',
  'name',
  'serialNumber',
  'location',
  'installedOn',
  'lastInspectedAt',
  'status',
  'isCritical',
  'nextDueOn',
] as const;

function displayValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

function toInstant(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

function uniqueConflict(error: unknown): AppError | null {
  if (isUniqueViolation(error, 'equipment_site_asset_tag_unique'))
    return AppError.conflict('assetTag', TAG_TAKEN);
  if (isUniqueViolation(error, 'equipment_type_serial_unique')) {
    return AppError.conflict('serialNumber', SERIAL_TAKEN);
  }
  return null;
}

function referenceNotFound(field: string, what: string): AppError {
  return new AppError('NOT_FOUND', `${what} was not found`, {
    details: [{ field, message: `${what} was not found` }],
  });
}

/** Equipment installed at sites: the register, its due dates, import and export. */
export class EquipmentService {
  private readonly repo: EquipmentRepository;

  /** Label sheets rendering at once in this process, and those waiting (docs/equipment.md). */
  readonly labelRenders = new RenderLimit(LABEL_RENDER_LIMIT);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** The app's public address (PUBLIC_URL): the labels' QR codes point under it. */
    private readonly publicUrl = 'http://localhost:8080',
  ) {
    this.repo = new EquipmentRepository(db);
  }

  today(): string {
    return todayOf(this.clock);
  }

  /**
   * Re-derives nextDueOn for every unit of a type, on the caller's transaction (the type's
   * interval changed in the equipment-types module); answers how many.
   */
  recomputeNextDueForType(tx: Executor, typeId: number): Promise<number> {
    return recomputeNextDueForType(tx, typeId);
  }

  async resolveFilters(filters: EquipmentFilterQuery): Promise<ResolvedFilters> {
    if (!filters.search) return filters;
    const { siteIds, typeIds } = await this.repo.resolveSearch(filters.search);
    return withFields(filters, { searchSiteIds: siteIds, searchTypeIds: typeIds });
  }

  async list(query: EquipmentListQuery): Promise<EquipmentListResponse> {
    const today = this.today();
    const { rows, total, capped } = await this.repo.list(await this.resolveFilters(query), today, query);
    return {
      equipments: rows.map((row) => toEquipment(row, today)),
      pagination: paginationOf(query, total, capped),
    };
  }

  /**
   * Starts an export of the filtered list (docs/exports.md): counts it, audits `equipment.exported`,
   * and answers the rows in keyset batches by id, fetched as the download is written.
   */
  async startExport(
    auth: AuthContext,
    { format, ...filters }: EquipmentExportQuery,
    ip: string,
  ): Promise<PreparedExport<EquipmentWithRefs>> {
    const resolved = await this.resolveFilters(filters);
    const today = this.today();
    const rowCount = await this.repo.count(resolved, today);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'equipment',
      format,
      filters,
      rowCount,
    });
    return {
      rowCount,
      date: today,
      batches: keysetBatches(
        (afterId, size) => this.repo.batchAfter(resolved, today, afterId, size),
        (row) => row.unit.id,
      ),
    };
  }

  /** How "all units" of a site prints: the units not retired, in parts of EQUIPMENT_LABELS_MAX. */
  async labelsSummary(siteId: number): Promise<EquipmentLabelsSummary> {
    if (!(await this.repo.findSite(siteId))) throw AppError.notFound('Site');
    const units = await this.repo.labelCount(siteId);
    return { units, perPart: EQUIPMENT_LABELS_MAX, parts: Math.ceil(units / EQUIPMENT_LABELS_MAX) };
  }

  /**
   * A sheet of QR labels for a site's units (docs/equipment.md "Asset labels"): the chosen units, or
   * every unit not retired, in parts of EQUIPMENT_LABELS_MAX (by asset tag) when the site has more,
   * so one request never renders more than that. Each QR code holds PUBLIC_URL + /u/<id>. Audited as
   * `equipment.labels_printed` on the site (the units printed), like an export.
   */
  async labels(
    auth: AuthContext,
    siteId: number,
    { ids, part, layout }: EquipmentLabelsQuery,
    ip: string,
  ): Promise<{ pdf: Awaited<ReturnType<typeof renderLabelSheets>>; fileName: string }> {
    const site = await this.repo.findSite(siteId);
    if (!site) throw AppError.notFound('Site');
    if (ids && part !== undefined) {
      throw AppError.validation([
        { field: 'part', message: 'Parts are for all units of the site: leave part out when choosing units' },
      ]);
    }
    let parts = 1;
    if (!ids) {
      const count = await this.repo.labelCount(siteId);
      if (count === 0) {
        throw AppError.validation([{ field: 'ids', message: 'This site has no equipment to label' }]);
      }
      parts = Math.ceil(count / EQUIPMENT_LABELS_MAX);
      if (part === undefined && parts > 1) {
        throw AppError.validation([
          {
            field: 'part',
            message: `This site has ${count} units to label, at most ${EQUIPMENT_LABELS_MAX} a PDF: print part 1 to ${parts}, or choose the units`,
          },
        ]);
      }
      if (part !== undefined && part > parts) {
        throw AppError.validation([
          {
            field: 'part',
            message: `There ${parts === 1 ? 'is 1 part' : `are ${parts} parts`}: the site's ${count} units print ${EQUIPMENT_LABELS_MAX} a PDF`,
          },
        ]);
      }
    }
    const units = await this.repo.labelUnits(siteId, ids, ((part ?? 1) - 1) * EQUIPMENT_LABELS_MAX);
    if (ids) {
      const found = new Set(units.map((u) => u.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        throw AppError.validation([
          {
            field: 'ids',
            message: `${missing.length === 1 ? 'Unit' : 'Units'} ${missing.slice(0, 10).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not at this site`,
          },
        ]);
      }
    }
    // A part holds at most EQUIPMENT_LABELS_MAX; a unit added since the count may show one more.
    const printed = units.slice(0, EQUIPMENT_LABELS_MAX);
    if (printed.length === 0) {
      throw AppError.validation([{ field: 'ids', message: 'This site has no equipment to label' }]);
    }
    const base = this.publicUrl.replace(/\/+$/, '');
    // The sheet is made whole before it is sent (the stream is ended), so the turn covers the work.
    const pdf = await this.labelRenders.run(() =>
      renderLabelSheets({
        site,
        layout,
        units: printed.map((unit) => withFields(unit, { url: `${base}${unitLabelPath(unit.id)}` })),
      }),
    );
    await recordAudit(this.db, {
      actorId: auth.userId,
      action: 'equipment.labels_printed',
      entityType: 'site',
      entityId: siteId,
      after: {
        format: 'pdf',
        layout,
        rowCount: printed.length,
        unitIds: printed.map((u) => u.id),
        ...(parts > 1 ? { part, parts } : {}),
      },
      ipAddress: ip,
    });
    return { pdf, fileName: labelsFileName(site.siteCode, parts > 1 ? part : undefined) };
  }

  async details(id: number): Promise<EquipmentDetailsResponse> {
    const row = await this.repo.findWithRefs(id);
    if (!row) throw AppError.notFound('Equipment');
    const events = await this.repo.history(id);
    const history: EquipmentHistoryEntry[] = events.map((event) => {
      const before = (event.before ?? {}) as Record<string, unknown>;
      const after = (event.after ?? {}) as Record<string, unknown>;
      const changes = event.before
        ? HISTORY_FIELDS.filter((f) => displayValue(before[f]) !== displayValue(after[f])).map((field) => ({
            field,
            from: displayValue(before[field]),
            to: displayValue(after[field]),
          }))
        : [];
      return {
        id: event.id,
        action: event.action,
        actorName: event.firstName ? `${event.firstName} ${event.lastName ?? ''}`.trim() : null,
        createdAt: event.createdAt.toISOString(),
        changes,
      };
    });
    return { equipment: toEquipment(row, this.today()), history };
  }

  siteOptions(search: string | undefined, siteId: number | undefined): Promise<EquipmentSiteRef[]> {
    return this.repo.siteOptions(search, siteId);
  }

  /** A site that may receive equipment: it exists and is not inactive. */
  private async usableSite(repo: EquipmentRepository, siteId: number) {
    const site = await repo.findSite(siteId);
    if (!site) throw referenceNotFound('siteId', 'Site');
    if (site.status === 'inactive') {
      throw new AppError('CONFLICT', 'Equipment cannot be added to an inactive site', {
        details: [{ field: 'siteId', message: 'This site is inactive' }],
      });
    }
    return site;
  }

  private async usableType(repo: EquipmentRepository, typeId: number) {
    const type = await repo.findType(typeId);
    if (!type) throw referenceNotFound('equipmentTypeId', 'Equipment type');
    if (type.status === 'archived') {
      throw new AppError('CONFLICT', 'This equipment type is archived: choose an active one', {
        details: [{ field: 'equipmentTypeId', message: 'This equipment type is archived' }],
      });
    }
    return type;
  }

  private checkDates(installedOn: string | null, lastInspectedAt: Date | null): void {
    const today = this.today();
    const details = [];
    if (installedOn && installedOn > today) {
      details.push({ field: 'installedOn', message: 'Installed on cannot be in the future' });
    }
    if (lastInspectedAt && lastInspectedAt.getTime() > this.clock.now().getTime()) {
      details.push({ field: 'lastInspectedAt', message: 'Last inspected cannot be in the future' });
    } else if (lastInspectedAt && installedOn && lastInspectedAt.toISOString().slice(0, 10) < installedOn) {
      details.push({ field: 'lastInspectedAt', message: 'Last inspected cannot be before the install date' });
    }
    if (details.length) throw AppError.validation(details);
  }

  async create(
    auth: AuthContext,
    values: EquipmentCreateValues,
    ip: string,
  ): Promise<EquipmentMutationResponse> {
    const lastInspectedAt = toInstant(values.lastInspectedAt) ?? null;
    this.checkDates(values.installedOn ?? null, lastInspectedAt);
    try {
      const equipment = await this.db.transaction(async (tx) => {
        const repo = new EquipmentRepository(tx);
        const site = await this.usableSite(repo, values.siteId);
        const type = await this.usableType(repo, values.equipmentTypeId);
        const createdAt = this.clock.now();
        const status = values.status ?? 'in_service';
        const unit = await repo.insert({
          siteId: site.id,
          equipmentTypeId: type.id,
          assetTag: values.assetTag,
          serialNumber: values.serialNumber ?? null,
          name: values.name,
          location: values.location ?? null,
          installedOn: values.installedOn ?? null,
          status,
          isCritical: values.isCritical ?? false,
          lastInspectedAt,
          nextDueOn: computeNextDueOn({
            status,
            lastInspectedAt,
            installedOn: values.installedOn ?? null,
            createdAt,
            inspectionIntervalDays: type.inspectionIntervalDays,
          }),
          createdAt,
          updatedAt: createdAt,
        });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'equipment.created',
          entityType: 'equipment',
          entityId: unit.id,
          after: snapshot(unit, site, type),
          ipAddress: ip,
        });
        return toEquipment({ unit, site, type }, this.today());
      });
      return { equipment, message: 'Equipment added' };
    } catch (error) {
      throw uniqueConflict(error) ?? error;
    }
  }

  /**
   * Changes any fields. A new siteId moves the unit (audited as `equipment.moved`). nextDueOn is
   * derived again from the result, so a new type, install date, last inspection or status shows at once.
   */
  async update(
    auth: AuthContext,
    id: number,
    values: EquipmentUpdateValues,
    ip: string,
  ): Promise<EquipmentMutationResponse> {
    try {
      const { equipment } = await this.db.transaction((tx) => this.updateIn(tx, auth, id, values, ip));
      return { equipment, message: 'Equipment saved' };
    } catch (error) {
      throw uniqueConflict(error) ?? error;
    }
  }

  /**
   * Retires the selected units all or nothing (POST /auth/equipments/bulk), each as the single edit
   * sets status Retired (no next due date; audited as equipment.updated). Retired units are unchanged.
   */
  bulkRetire(auth: AuthContext, body: EquipmentBulkBody, ip: string): Promise<BulkResult> {
    return runBulk(
      this.db,
      body.ids,
      { one: 'unit', many: 'units', done: 'retired', already: 'already retired' },
      async (tx, id) => {
        const { equipment, changed } = await this.updateIn(tx, auth, id, { status: 'retired' }, ip);
        return changed ? { changed } : { changed, reason: `${equipment.assetTag} is already retired` };
      },
    );
  }

  /** One unit's change on the caller's transaction; `changed` is false when nothing differed. */
  private async updateIn(
    tx: Executor,
    auth: AuthContext,
    id: number,
    values: EquipmentUpdateValues,
    ip: string,
  ): Promise<{ equipment: Equipment; changed: boolean }> {
    const repo = new EquipmentRepository(tx);
    const before = await repo.findById(id, { forUpdate: true });
    if (!before) throw AppError.notFound('Equipment');
    const beforeSite = (await repo.findSite(before.siteId))!;
    const beforeType = (await repo.findType(before.equipmentTypeId))!;
    const moving = values.siteId !== undefined && values.siteId !== before.siteId;
    const site = moving ? await this.usableSite(repo, values.siteId!) : beforeSite;
    const retyping =
      values.equipmentTypeId !== undefined && values.equipmentTypeId !== before.equipmentTypeId;
    const type = retyping ? await this.usableType(repo, values.equipmentTypeId!) : beforeType;

    const merged = {
      assetTag: values.assetTag ?? before.assetTag,
      name: values.name ?? before.name,
      serialNumber: values.serialNumber !== undefined ? values.serialNumber : before.serialNumber,
      location: values.location !== undefined ? values.location : before.location,
      installedOn: values.installedOn !== undefined ? values.installedOn : before.installedOn,
      lastInspectedAt:
        values.lastInspectedAt !== undefined
          ? (toInstant(values.lastInspectedAt) ?? null)
          : before.lastInspectedAt,
      status: values.status ?? before.status,
      isCritical: values.isCritical ?? before.isCritical,
    };
    const datesChanged =
      merged.installedOn !== before.installedOn ||
      merged.lastInspectedAt?.getTime() !== before.lastInspectedAt?.getTime();
    if (datesChanged) this.checkDates(merged.installedOn, merged.lastInspectedAt);

    const nextDueOn = computeNextDueOn({
      status: merged.status,
      lastInspectedAt: merged.lastInspectedAt,
      installedOn: merged.installedOn,
      createdAt: before.createdAt,
      inspectionIntervalDays: type.inspectionIntervalDays,
    });
    const unchanged =
      !moving &&
      !retyping &&
      !datesChanged &&
      nextDueOn === before.nextDueOn &&
      (['assetTag', 'name', 'serialNumber', 'location', 'status', 'isCritical'] as const).every(
        (key) => merged[key] === before[key],
      );
    // Saving without a change writes nothing and records nothing.
    if (unchanged)
      return { equipment: toEquipment({ unit: before, site, type }, this.today()), changed: false };

    const unit = await repo.update(
      id,
      withFields(merged, { siteId: site.id, equipmentTypeId: type.id, nextDueOn }),
    );
    await recordAudit(tx, {
      actorId: auth.userId,
      action: moving ? 'equipment.moved' : 'equipment.updated',
      entityType: 'equipment',
      entityId: id,
      before: snapshot(before, beforeSite, beforeType),
      after: snapshot(unit, site, type),
      ipAddress: ip,
    });
    return { equipment: toEquipment({ unit, site, type }, this.today()), changed: true };
  }

  /** A unit entered by mistake can be deleted until it has been inspected; after that it is retired. */
  async delete(auth: AuthContext, id: number, ip: string): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      const repo = new EquipmentRepository(tx);
      const before = await repo.findById(id, { forUpdate: true });
      if (!before) throw AppError.notFound('Equipment');
      if (before.lastInspectedAt) {
        throw new AppError(
          'CONFLICT',
          'This unit has an inspection history and cannot be deleted. Set its status to Retired instead.',
          { details: [{ field: 'id', message: 'Equipment has been inspected' }] },
        );
      }
      const open = await repo.openAssignmentCount(id);
      if (open > 0) {
        throw new AppError(
          'CONFLICT',
          `This unit is on ${open} open assignment${open === 1 ? '' : 's'}. Take it off the assignment or cancel the assignment first.`,
          { details: [{ field: 'id', message: 'Equipment is on an open assignment' }] },
        );
      }
      const site = (await repo.findSite(before.siteId))!;
      const type = (await repo.findType(before.equipmentTypeId))!;
      await repo.delete(id);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'equipment.deleted',
        entityType: 'equipment',
        entityId: id,
        before: snapshot(before, site, type),
        ipAddress: ip,
      });
    });
    return { message: 'Equipment deleted' };
  }

  // ------------------------------------------------------------ import

  private async checkFile(executor: Executor, siteId: number, buffer: Buffer) {
    const repo = new EquipmentRepository(executor);
    const site = await repo.findSite(siteId);
    if (!site) throw AppError.notFound('Site');
    if (site.status === 'inactive') {
      throw new AppError('CONFLICT', 'Equipment cannot be added to an inactive site', {
        details: [{ field: 'site_id', message: 'This site is inactive' }],
      });
    }
    const raw = mapSheet(await readSheet(buffer));
    const types = await equipmentTypeLookups.byLowerName(executor);
    const typesByName = new Map(
      [...types].map(([name, t]) => [name, { id: t.id, name: t.name, status: t.status }]),
    );
    const pairs = raw.flatMap(({ values }) => {
      const type = typesByName.get(values.equipmentType.trim().toLowerCase());
      return type && values.serialNumber ? [{ typeId: type.id, serial: values.serialNumber.trim() }] : [];
    });
    const rows = checkImportRows(raw, {
      siteId,
      typesByName,
      assetTagsAtSite: await repo.assetTagsAtSite(siteId),
      existingSerials: await repo.existingSerials(pairs),
      today: this.today(),
    });
    return { site, rows, types };
  }

  /** Reads and checks the file; writes nothing. */
  async previewImport(siteId: number, buffer: Buffer, fileName: string): Promise<ImportPreviewResponse> {
    const { site, rows } = await this.checkFile(this.db, siteId, buffer);
    const invalid = rows.filter((r) => r.errors.length).length;
    return {
      site,
      fileName,
      rows: rows.map(({ rowNumber, values, errors }) => ({ rowNumber, values, errors })),
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
    };
  }

  /**
   * Checks the file again and adds every valid row in ONE transaction: either all of them are
   * imported (with an audit event each, and one for the import) or, if anything fails, none.
   * Rows with errors are skipped and answered back.
   */
  async import(
    auth: AuthContext,
    siteId: number,
    buffer: Buffer,
    fileName: string,
    ip: string,
  ): Promise<ImportResponse> {
    try {
      return await this.db.transaction(async (tx) => {
        const { site, rows, types } = await this.checkFile(tx, siteId, buffer);
        const valid = rows.filter(
          (r): r is CheckedImportRow & { unit: EquipmentCreateValues } => r.unit !== null,
        );
        const skipped = rows.filter((r) => r.unit === null);
        const typeById = new Map([...types.values()].map((t) => [t.id, t]));
        const createdAt = this.clock.now();
        const values: EquipmentInsert[] = valid.map(({ unit }) => {
          const type = typeById.get(unit.equipmentTypeId)!;
          const lastInspectedAt = toInstant(unit.lastInspectedAt) ?? null;
          const status = unit.status ?? 'in_service';
          return {
            siteId,
            equipmentTypeId: unit.equipmentTypeId,
            assetTag: unit.assetTag,
            serialNumber: unit.serialNumber ?? null,
            name: unit.name,
            location: unit.location ?? null,
            installedOn: unit.installedOn ?? null,
            status,
            isCritical: unit.isCritical ?? false,
            lastInspectedAt,
            nextDueOn: computeNextDueOn({
              status,
              lastInspectedAt,
              installedOn: unit.installedOn ?? null,
              createdAt,
              inspectionIntervalDays: type.inspectionIntervalDays,
            }),
            createdAt,
            updatedAt: createdAt,
          };
        });
        const repo = new EquipmentRepository(tx);
        const inserted = await repo.insertMany(values);
        const audits: AuditEntry[] = inserted.map((unit) => ({
          actorId: auth.userId,
          action: 'equipment.imported',
          entityType: 'equipment',
          entityId: unit.id,
          after: snapshot(unit, site, typeById.get(unit.equipmentTypeId)!),
          ipAddress: ip,
        }));
        audits.push({
          actorId: auth.userId,
          action: 'equipment.import',
          entityType: 'site',
          entityId: siteId,
          after: { fileName, imported: inserted.length, skipped: skipped.length },
          ipAddress: ip,
        });
        await recordAudits(tx, audits);
        const message = inserted.length
          ? `Imported ${inserted.length} unit${inserted.length === 1 ? '' : 's'} to ${site.name}${
              skipped.length
                ? `; skipped ${skipped.length} row${skipped.length === 1 ? '' : 's'} with errors`
                : ''
            }`
          : 'Nothing was imported: every row has errors';
        return {
          message,
          imported: inserted.length,
          skipped: skipped.length,
          errors: skipped.map(({ rowNumber, values: v, errors }) => ({ rowNumber, values: v, errors })),
        };
      });
    } catch (error) {
      if (uniqueConflict(error)) {
        throw new AppError(
          'CONFLICT',
          'Another change added the same asset tag or serial number while importing. Nothing was imported: preview the file again.',
          { details: [{ field: 'file', message: 'Preview the file again' }] },
        );
      }
      throw error;
    }
  }

  async importTemplate(): Promise<Buffer> {
    const types = await equipmentTypeLookups.usable(this.db);
    return buildImportTemplate(types);
  }
}
