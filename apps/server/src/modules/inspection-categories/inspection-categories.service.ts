import type {
  CreateInspectionCategoryBody,
  InspectionCategory,
  InspectionCategoryListQuery,
  InspectionCategoryListResponse,
  InspectionCategoryMutationResponse,
  UpdateInspectionCategoryBody,
} from '@inspecta/contract';
import {
  createInspectionCategoryBodySchema,
  inspectionCategoryListQuerySchema,
  updateInspectionCategoryBodySchema,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { sentFields, withFields } from '../../core/with-fields.js';
import type { Database } from '../../db/database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.js';
import {
  InspectionCategoriesRepository,
  type InspectionCategoryRow,
  type InspectionCategoryWithUsage,
} from './inspection-categories.repository.js';

const NAME_TAKEN = 'An inspection category with this name already exists';

/** What an update says it did, by the audit action it recorded. */
const ACTION_MESSAGES: Record<string, string> = {
  'inspection_category.activated': 'Category activated',
  'inspection_category.deactivated': 'Category deactivated',
  'inspection_category.updated': 'Category saved',
};

export function toInspectionCategory(row: InspectionCategoryWithUsage): InspectionCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    colour: row.colour,
    active: row.active,
    templateCount: row.templateCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditView(row: InspectionCategoryRow) {
  return { name: row.name, description: row.description, colour: row.colour, active: row.active };
}

/** Inspection categories: names are unique (any case); a category in use is deactivated, not deleted. */
export class InspectionCategoriesService {
  private readonly repo: InspectionCategoriesRepository;

  constructor(private readonly db: Database) {
    this.repo = new InspectionCategoriesRepository(db);
  }

  async list(input: InspectionCategoryListQuery): Promise<InspectionCategoryListResponse> {
    const query = inspectionCategoryListQuerySchema.parse(input);
    const { rows, total, capped } = await this.repo.list({
      search: query.search || undefined,
      status: query.status,
      sort: query.sort,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      categories: rows.map(toInspectionCategory),
      pagination: paginationOf(query, total, capped),
    };
  }

  async get(id: number): Promise<InspectionCategory> {
    const row = await this.repo.findById(id);
    if (!row) throw AppError.notFound('Inspection category');
    return toInspectionCategory(row);
  }

  async create(
    auth: AuthContext,
    input: CreateInspectionCategoryBody,
    origin: RequestOrigin,
  ): Promise<InspectionCategoryMutationResponse> {
    const body = createInspectionCategoryBodySchema.parse(input);
    try {
      const id = await this.db.transaction(async (tx) => {
        const repo = new InspectionCategoriesRepository(tx);
        const row = await repo.insert({
          name: body.name,
          description: body.description ?? null,
          colour: body.colour,
          active: body.active,
        });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'inspection_category.created',
          entityType: 'inspection_category',
          entityId: row.id,
          after: auditView(row),
          ipAddress: origin.ip,
        });
        return row.id;
      });
      return { category: await this.get(id), message: 'Category created' };
    } catch (error) {
      if (isUniqueViolation(error, 'inspection_categories_name_unique'))
        throw AppError.conflict('name', NAME_TAKEN);
      throw error;
    }
  }

  async update(
    auth: AuthContext,
    id: number,
    input: UpdateInspectionCategoryBody,
    origin: RequestOrigin,
  ): Promise<InspectionCategoryMutationResponse> {
    const body = updateInspectionCategoryBodySchema.parse(input);
    try {
      const action = await this.db.transaction(async (tx) => {
        const repo = new InspectionCategoriesRepository(tx);
        const before = await repo.lockById(id);
        if (!before) throw AppError.notFound('Inspection category');
        const changes = sentFields(body, ['name', 'description', 'colour', 'active']);
        await repo.update(id, changes);
        const after = withFields(before, changes);
        const action =
          body.active !== undefined && body.active !== before.active
            ? body.active
              ? 'inspection_category.activated'
              : 'inspection_category.deactivated'
            : 'inspection_category.updated';
        await recordAudit(tx, {
          actorId: auth.userId,
          action,
          entityType: 'inspection_category',
          entityId: id,
          before: auditView(before),
          after: auditView(after),
          ipAddress: origin.ip,
        });
        return action;
      });
      return { category: await this.get(id), message: ACTION_MESSAGES[action] ?? 'Category saved' };
    } catch (error) {
      if (isUniqueViolation(error, 'inspection_categories_name_unique'))
        throw AppError.conflict('name', NAME_TAKEN);
      throw error;
    }
  }

  /** Only a category nothing refers to can be deleted; one in use answers 409 (deactivate it instead). */
  async delete(auth: AuthContext, id: number, origin: RequestOrigin): Promise<{ message: string }> {
    try {
      return await this.db.transaction(async (tx) => {
        const repo = new InspectionCategoriesRepository(tx);
        const before = await repo.lockById(id);
        if (!before) throw AppError.notFound('Inspection category');
        const used = await repo.countTemplatesUsing(id);
        if (used > 0) throw inUse(before.name, `${used} template${used === 1 ? '' : 's'}`);
        await repo.delete(id);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'inspection_category.deleted',
          entityType: 'inspection_category',
          entityId: id,
          before: auditView(before),
          ipAddress: origin.ip,
        });
        return { message: `Category “${before.name}” deleted` };
      });
    } catch (error) {
      // Anything else that refers to the category (inspections, assignments) is caught by its key.
      if (isForeignKeyViolation(error)) throw inUse('This category', 'inspection records');
      throw error;
    }
  }
}

function inUse(name: string, by: string): AppError {
  return new AppError(
    'CONFLICT',
    `${name} is used by ${by}, so it cannot be deleted. Deactivate it instead: it stays on existing records but is no longer offered.`,
  );
}
