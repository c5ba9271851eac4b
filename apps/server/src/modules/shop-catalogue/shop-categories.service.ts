import type {
  CategoryCreateValues,
  CategoryListQuery,
  CategoryListResponse,
  CategoryMutationResponse,
  CategoryTreeResponse,
  CategoryUpdateValues,
  ProductCategoryTreeNode,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { withFields } from '../../core/with-fields.js';
import type { Database } from '../../db/database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.js';
import { type CategoryRow, ShopCatalogueRepository } from './shop-catalogue.repository.js';
import { toCategory } from './shop-views.js';

const NAME_TAKEN = 'A category with this name already exists here';

const nameTaken = () => AppError.conflict('name', NAME_TAKEN);

/**
 * Product categories: a tree of at most two levels. A category with products (or subcategories)
 * cannot be deleted, only archived; products cannot be put in an archived category.
 */
export class ShopCategoriesService {
  private readonly repo: ShopCatalogueRepository;

  constructor(private readonly db: Database) {
    this.repo = new ShopCatalogueRepository(db);
  }

  async list(query: CategoryListQuery): Promise<CategoryListResponse> {
    const { rows, total } = await this.repo.listCategories(query);
    return {
      categories: rows.map(toCategory),
      pagination: { page: query.page, limit: query.limit, total },
    };
  }

  async tree(includeArchived: boolean): Promise<CategoryTreeResponse> {
    const rows = await this.repo.allCategories(includeArchived);
    const nodes = new Map<number, ProductCategoryTreeNode>();
    for (const row of rows) {
      if (row.parentId === null)
        nodes.set(row.id, withFields(toCategory(row), { children: [], totalProductCount: row.productCount }));
    }
    for (const row of rows) {
      if (row.parentId === null) continue;
      const node = nodes.get(row.parentId);
      if (!node) continue; // its parent is archived and archived ones are not asked for
      node.children.push(toCategory(row));
      node.totalProductCount += row.productCount;
    }
    return { categories: [...nodes.values()] };
  }

  async create(
    auth: AuthContext,
    values: CategoryCreateValues,
    ip: string,
  ): Promise<CategoryMutationResponse> {
    try {
      const category = await this.db.transaction(async (tx) => {
        const repo = new ShopCatalogueRepository(tx);
        const parentId = values.parentId ?? null;
        if (parentId !== null) await assertUsableParent(repo, parentId);
        const row = await repo.insertCategory({ name: values.name, parentId });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'shop_category.created',
          entityType: 'shop_category',
          entityId: row.id,
          after: row,
          ipAddress: ip,
        });
        return toCategory((await repo.categoryView(row.id))!);
      });
      return { category, message: 'Category created' };
    } catch (error) {
      if (isUniqueViolation(error, 'shop_categories_sibling_name_unique')) throw nameTaken();
      throw error;
    }
  }

  /** Renames and/or moves. Moving keeps the tree at two levels. */
  async update(
    auth: AuthContext,
    id: number,
    values: CategoryUpdateValues,
    ip: string,
  ): Promise<CategoryMutationResponse> {
    try {
      const category = await this.db.transaction(async (tx) => {
        const repo = new ShopCatalogueRepository(tx);
        const before = await repo.findCategory(id, { forUpdate: true });
        if (!before) throw AppError.notFound('Category');
        const changes: Partial<CategoryRow> = {};
        if (values.name !== undefined && values.name !== before.name) changes.name = values.name;
        if (values.parentId !== undefined && (values.parentId ?? null) !== before.parentId) {
          const parentId = values.parentId ?? null;
          if (parentId !== null) {
            if (parentId === id) throw moveProblem('A category cannot be its own parent');
            await assertUsableParent(repo, parentId);
            if ((await repo.countChildren(id)) > 0)
              throw moveProblem(
                'This category has subcategories, so it must stay at the top level (two levels at most)',
              );
          }
          changes.parentId = parentId;
        }
        if (Object.keys(changes).length) {
          const after = await repo.updateCategory(id, changes);
          await recordAudit(tx, {
            actorId: auth.userId,
            action: 'shop_category.updated',
            entityType: 'shop_category',
            entityId: id,
            before,
            after,
            ipAddress: ip,
          });
        }
        return toCategory((await repo.categoryView(id))!);
      });
      return { category, message: 'Category saved' };
    } catch (error) {
      if (isUniqueViolation(error, 'shop_categories_sibling_name_unique')) throw nameTaken();
      throw error;
    }
  }

  /** Archives (hides from pickers; its products stay) or restores a category. */
  async setStatus(
    auth: AuthContext,
    id: number,
    status: 'active' | 'archived',
    ip: string,
  ): Promise<CategoryMutationResponse> {
    const category = await this.db.transaction(async (tx) => {
      const repo = new ShopCatalogueRepository(tx);
      const before = await repo.findCategory(id, { forUpdate: true });
      if (!before) throw AppError.notFound('Category');
      if (before.status !== status) {
        if (status === 'archived' && (await repo.countChildren(id, 'active')) > 0) {
          throw new AppError(
            'CONFLICT',
            'This category has active subcategories. Archive or move them first.',
            { details: [{ field: 'id', message: 'Category has active subcategories' }] },
          );
        }
        if (status === 'active' && before.parentId !== null) {
          const parentRow = await repo.findCategory(before.parentId);
          if (parentRow?.status === 'archived') {
            throw new AppError('CONFLICT', 'Restore its parent category first.', {
              details: [{ field: 'parentId', message: 'The parent category is archived' }],
            });
          }
        }
        const after = await repo.updateCategory(id, { status });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: status === 'archived' ? 'shop_category.archived' : 'shop_category.restored',
          entityType: 'shop_category',
          entityId: id,
          before,
          after,
          ipAddress: ip,
        });
      }
      return toCategory((await repo.categoryView(id))!);
    });
    return { category, message: status === 'archived' ? 'Category archived' : 'Category restored' };
  }

  /** Deletes a category created by mistake: only one without products or subcategories. */
  async delete(auth: AuthContext, id: number, ip: string): Promise<{ message: string }> {
    try {
      await this.db.transaction(async (tx) => {
        const repo = new ShopCatalogueRepository(tx);
        const before = await repo.findCategory(id, { forUpdate: true });
        if (!before) throw AppError.notFound('Category');
        const products = await repo.countCategoryProducts(id);
        if (products > 0) throw inUse(`${products} product${products === 1 ? '' : 's'}`);
        const children = await repo.countChildren(id);
        if (children > 0) throw inUse(`${children} subcategor${children === 1 ? 'y' : 'ies'}`);
        await repo.deleteCategory(id);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'shop_category.deleted',
          entityType: 'shop_category',
          entityId: id,
          before,
          ipAddress: ip,
        });
      });
      return { message: 'Category deleted' };
    } catch (error) {
      // A product added between the check and the delete: the foreign key refuses it the same way.
      if (isForeignKeyViolation(error)) throw inUse('products');
      throw error;
    }
  }
}

function inUse(what: string): AppError {
  return new AppError('CONFLICT', `This category has ${what} and cannot be deleted. Archive it instead.`, {
    details: [{ field: 'id', message: 'Category is in use' }],
  });
}

function moveProblem(message: string): AppError {
  return AppError.validation([{ field: 'parentId', message }], message);
}

/** A parent must exist, be active and be a top-level category (the tree has two levels at most). */
async function assertUsableParent(repo: ShopCatalogueRepository, parentId: number): Promise<void> {
  const parentRow = await repo.findCategory(parentId);
  if (!parentRow) throw moveProblem('The parent category was not found');
  if (parentRow.parentId !== null)
    throw moveProblem('Choose a top-level category as the parent (two levels at most)');
  if (parentRow.status === 'archived') throw moveProblem('The parent category is archived');
}
