import type {
  EquipmentType,
  EquipmentTypeCreateValues,
  EquipmentTypeExportQuery,
  EquipmentTypeListQuery,
  EquipmentTypeListResponse,
  EquipmentTypeMutationResponse,
  EquipmentTypeOption,
  EquipmentTypeUpdateValues,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.js';
import { todayOf } from '../../db/query-helpers.js';
import {
  type EquipmentTypeExportRow,
  EquipmentTypesRepository,
  type EquipmentTypeWithCount,
} from './equipment-types.repository.js';

const NAME_TAKEN = 'An equipment type with this name already exists';

export function toEquipmentType(row: EquipmentTypeWithCount): EquipmentType {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    manufacturer: row.manufacturer,
    model: row.model,
    description: row.description,
    defaultTemplateId: row.defaultTemplateId,
    inspectionIntervalDays: row.inspectionIntervalDays,
    status: row.status,
    installedCount: row.installedCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The global equipment catalogue: what kinds of equipment exist and how often each is inspected. */
export class EquipmentTypesService {
  private readonly repo: EquipmentTypesRepository;

  /**
   * `recomputeNextDueForType` is the equipment module's rule for its units' due dates, passed in
   * because the equipment module itself reads the type catalogue through this module.
   */
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly recomputeNextDueForType: (tx: Executor, typeId: number) => Promise<number>,
  ) {
    this.repo = new EquipmentTypesRepository(db);
  }

  /**
   * Starts an export of the filtered catalogue (docs/exports.md): counts it, audits
   * `equipment_type.exported` with the filters, and answers the types in keyset batches by id.
   */
  async startExport(
    auth: AuthContext,
    { format, ...filters }: EquipmentTypeExportQuery,
    ip: string,
  ): Promise<PreparedExport<EquipmentTypeExportRow>> {
    const rowCount = await this.repo.count(filters);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'equipment_type',
      format,
      filters,
      rowCount,
    });
    return {
      rowCount,
      date: todayOf(this.clock),
      batches: keysetBatches(
        (afterId, size) => this.repo.batchAfter(filters, afterId, size),
        (r) => r.id,
      ),
    };
  }

  async list(query: EquipmentTypeListQuery): Promise<EquipmentTypeListResponse> {
    const { rows, total, capped } = await this.repo.list(query);
    return {
      equipments: rows.map(toEquipmentType),
      pagination: paginationOf(query, total, capped),
    };
  }

  categories(): Promise<string[]> {
    return this.repo.categories();
  }

  options(search: string | undefined, includeArchived: boolean): Promise<EquipmentTypeOption[]> {
    return this.repo.options(search, includeArchived);
  }

  async create(
    auth: AuthContext,
    values: EquipmentTypeCreateValues,
    ip: string,
  ): Promise<EquipmentTypeMutationResponse> {
    try {
      const equipmentType = await this.db.transaction(async (tx) => {
        const repo = new EquipmentTypesRepository(tx);
        if (values.defaultTemplateId) await assertUsableDefaultTemplate(repo, values.defaultTemplateId);
        const row = await repo.insert({
          name: values.name,
          category: values.category,
          manufacturer: values.manufacturer ?? null,
          model: values.model ?? null,
          description: values.description ?? null,
          inspectionIntervalDays: values.inspectionIntervalDays,
          defaultTemplateId: values.defaultTemplateId ?? null,
          status: values.status ?? 'active',
        });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'equipment_type.created',
          entityType: 'equipment_type',
          entityId: row.id,
          after: row,
          ipAddress: ip,
        });
        return toEquipmentType(withFields(row, { installedCount: 0 }));
      });
      return { equipmentType, message: 'Equipment type created' };
    } catch (error) {
      if (isUniqueViolation(error, 'equipment_types_name_unique'))
        throw AppError.conflict('name', NAME_TAKEN);
      throw error;
    }
  }

  /**
   * Changes any fields. A new inspection interval re-derives nextDueOn of every unit of the type in
   * the same transaction (one set-based UPDATE), so due dates never disagree with the catalogue.
   */
  async update(
    auth: AuthContext,
    id: number,
    values: EquipmentTypeUpdateValues,
    ip: string,
  ): Promise<EquipmentTypeMutationResponse> {
    try {
      const equipmentType = await this.db.transaction(async (tx) => {
        const repo = new EquipmentTypesRepository(tx);
        const before = await repo.findById(id, { forUpdate: true });
        if (!before) throw AppError.notFound('Equipment type');
        const changes: Partial<typeof before> = {};
        if (values.name !== undefined) changes.name = values.name;
        if (values.category !== undefined) changes.category = values.category;
        if (values.manufacturer !== undefined) changes.manufacturer = values.manufacturer;
        if (values.model !== undefined) changes.model = values.model;
        if (values.description !== undefined) changes.description = values.description;
        if (values.inspectionIntervalDays !== undefined)
          changes.inspectionIntervalDays = values.inspectionIntervalDays;
        if (values.defaultTemplateId !== undefined) changes.defaultTemplateId = values.defaultTemplateId;
        if (values.defaultTemplateId && values.defaultTemplateId !== before.defaultTemplateId) {
          await assertUsableDefaultTemplate(repo, values.defaultTemplateId);
        }
        if (values.status !== undefined) changes.status = values.status;

        const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter(
          (key) => changes[key] !== before[key],
        );
        if (!changed.length) return toEquipmentType((await repo.findWithCount(id))!);
        const after = await repo.update(id, changes);
        let recomputedUnits = 0;
        if (after.inspectionIntervalDays !== before.inspectionIntervalDays) {
          recomputedUnits = await this.recomputeNextDueForType(tx, id);
        }
        const action =
          before.status !== after.status
            ? after.status === 'archived'
              ? 'equipment_type.archived'
              : 'equipment_type.restored'
            : 'equipment_type.updated';
        await recordAudit(tx, {
          actorId: auth.userId,
          action,
          entityType: 'equipment_type',
          entityId: id,
          before,
          after: recomputedUnits ? withFields(after, { recomputedUnits }) : after,
          ipAddress: ip,
        });
        const withCount = await repo.findWithCount(id);
        return toEquipmentType(withCount!);
      });
      return { equipmentType, message: 'Equipment type saved' };
    } catch (error) {
      if (isUniqueViolation(error, 'equipment_types_name_unique'))
        throw AppError.conflict('name', NAME_TAKEN);
      throw error;
    }
  }

  /** Only a type no unit has ever used can be deleted; otherwise it is archived (409 says so). */
  async delete(auth: AuthContext, id: number, ip: string): Promise<{ message: string }> {
    try {
      await this.db.transaction(async (tx) => {
        const repo = new EquipmentTypesRepository(tx);
        const before = await repo.findById(id, { forUpdate: true });
        if (!before) throw AppError.notFound('Equipment type');
        const units = await repo.countUnits(id);
        if (units > 0) throw inUse(units);
        await repo.delete(id);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'equipment_type.deleted',
          entityType: 'equipment_type',
          entityId: id,
          before,
          ipAddress: ip,
        });
      });
      return { message: 'Equipment type deleted' };
    } catch (error) {
      // A unit added between the check and the delete: the foreign key refuses it the same way.
      if (isForeignKeyViolation(error)) throw inUse(1);
      throw error;
    }
  }
}

function inUse(units: number): AppError {
  return new AppError(
    'CONFLICT',
    `This equipment type is used by ${units} installed unit${units === 1 ? '' : 's'} and cannot be deleted. Archive it instead.`,
    { details: [{ field: 'id', message: 'Equipment type is in use' }] },
  );
}

/** A type's default checklist must be a template with a published version that is not archived. */
async function assertUsableDefaultTemplate(
  repo: EquipmentTypesRepository,
  templateId: number,
): Promise<void> {
  if (!(await repo.isPublishedTemplate(templateId))) {
    throw AppError.validation(
      [{ field: 'defaultTemplateId', message: 'Choose a published template that is not archived' }],
      'Check these fields: defaultTemplateId',
    );
  }
}
