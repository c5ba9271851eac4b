import {
  PRODUCT_IMAGES_MAX,
  type ProductCreateValues,
  type ProductDetailsResponse,
  type ProductExportQuery,
  type ProductImportPreviewResponse,
  type ProductImportResponse,
  type ProductListQuery,
  type ProductListResponse,
  type ProductMutationResponse,
  type ProductUpdateValues,
  SHOP_CURRENCY,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { type AuditEntry, recordAudit, recordAudits } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { type FileStorage, generateFileName } from '../../core/files/file-storage.js';
import { fileNameFromUrl, fileUrl } from '../../core/files/file-urls.js';
import { processProfileImage } from '../../core/files/image-processing.js';
import { paginationOf } from '../../core/paging.js';
import { readSheet } from '../../core/spreadsheet.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { todayOf } from '../../db/query-helpers.js';
import { checkProductRows, mapProductSheet, rowErrorDetails } from './product-import.js';
import { type ProductRow, type ProductView, ShopCatalogueRepository } from './shop-catalogue.repository.js';
import type { ShopStockService } from './shop-stock.service.js';
import { productOf, productsOf } from './shop-views.js';

/** Product images keep more detail than a profile picture; still one re-encoded WebP each. */
const PRODUCT_IMAGE_MAX_SIDE = 1200;
const RECENT_MOVEMENTS = 10;

const skuTaken = () =>
  AppError.conflict('sku', 'A product with this SKU already exists (SKUs ignore letter case)');

function categoryProblem(message: string): AppError {
  return AppError.validation([{ field: 'categoryId', message }], message);
}

/** Products: the catalogue, its images, the import and the export. Stock lives in ShopStockService. */
export class ShopProductsService {
  private readonly repo: ShopCatalogueRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly stock: ShopStockService,
  ) {
    this.repo = new ShopCatalogueRepository(db);
  }

  async list(query: ProductListQuery): Promise<ProductListResponse> {
    const { rows, total, capped } = await this.repo.listProducts(query);
    return {
      products: await productsOf(this.repo, rows),
      pagination: paginationOf(query, total, capped),
    };
  }

  async details(id: number): Promise<ProductDetailsResponse> {
    const product = await productOf(this.repo, id);
    const recentMovements = await this.stock.recentMovements(id, RECENT_MOVEMENTS);
    return { product: withFields(product, { recentMovements }) };
  }

  async create(auth: AuthContext, values: ProductCreateValues, ip: string): Promise<ProductMutationResponse> {
    try {
      const id = await this.db.transaction(async (tx) => {
        const repo = new ShopCatalogueRepository(tx);
        await assertUsableCategory(repo, values.categoryId);
        const typeIds = values.equipmentTypeIds ?? [];
        await assertEquipmentTypes(repo, typeIds);
        const row = await repo.insertProduct({
          sku: values.sku,
          name: values.name,
          categoryId: values.categoryId,
          description: values.description ?? null,
          unit: values.unit,
          pricePaise: values.pricePaise,
          currency: SHOP_CURRENCY,
          hsnCode: values.hsnCode,
          gstRate: values.gstRate,
          reorderLevel: values.reorderLevel ?? 0,
        });
        await repo.setEquipmentTypes(row.id, typeIds);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'shop_product.created',
          entityType: 'shop_product',
          entityId: row.id,
          after: withFields(auditable(row), { equipmentTypeIds: typeIds }),
          ipAddress: ip,
        });
        return row.id;
      });
      return { product: await productOf(this.repo, id), message: 'Product created' };
    } catch (error) {
      if (isUniqueViolation(error, 'shop_products_sku_unique')) throw skuTaken();
      throw error;
    }
  }

  async update(
    auth: AuthContext,
    id: number,
    values: ProductUpdateValues,
    ip: string,
  ): Promise<ProductMutationResponse> {
    try {
      await this.db.transaction(async (tx) => {
        const repo = new ShopCatalogueRepository(tx);
        const before = await repo.findProduct(id, { forUpdate: true });
        if (!before) throw AppError.notFound('Product');
        const changes: Partial<ProductRow> = {};
        const fields = [
          'sku',
          'name',
          'categoryId',
          'unit',
          'pricePaise',
          'hsnCode',
          'gstRate',
          'reorderLevel',
        ] as const;
        for (const field of fields) {
          const value = values[field];
          if (value !== undefined && value !== before[field]) Object.assign(changes, { [field]: value });
        }
        if (values.description !== undefined && values.description !== before.description)
          changes.description = values.description;
        if (changes.categoryId !== undefined) await assertUsableCategory(repo, changes.categoryId);
        let typeIds: number[] | undefined;
        if (values.equipmentTypeIds !== undefined) {
          const current = ((await repo.equipmentTypesOf([id])).get(id) ?? []).map((t) => t.id).sort();
          const next = [...values.equipmentTypeIds].sort();
          if (current.join(',') !== next.join(',')) {
            await assertEquipmentTypes(repo, next);
            await repo.setEquipmentTypes(id, next);
            typeIds = next;
          }
        }
        if (!Object.keys(changes).length && !typeIds) return;
        const after = Object.keys(changes).length ? await repo.updateProduct(id, changes) : before;
        if (!Object.keys(changes).length) await repo.updateProduct(id, {});
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'shop_product.updated',
          entityType: 'shop_product',
          entityId: id,
          before: auditable(before),
          after: typeIds ? withFields(auditable(after), { equipmentTypeIds: typeIds }) : auditable(after),
          ipAddress: ip,
        });
      });
      return { product: await productOf(this.repo, id), message: 'Product saved' };
    } catch (error) {
      if (isUniqueViolation(error, 'shop_products_sku_unique')) throw skuTaken();
      throw error;
    }
  }

  /** Archive (no longer offered; stock and history stay) or restore (its category must be active). */
  async setStatus(
    auth: AuthContext,
    id: number,
    status: 'active' | 'archived',
    ip: string,
  ): Promise<ProductMutationResponse> {
    await this.db.transaction(async (tx) => {
      const repo = new ShopCatalogueRepository(tx);
      const before = await repo.findProduct(id, { forUpdate: true });
      if (!before) throw AppError.notFound('Product');
      if (before.status === status) return;
      if (status === 'active') {
        const category = await repo.findCategory(before.categoryId);
        if (category?.status === 'archived') {
          throw new AppError(
            'CONFLICT',
            'Its category is archived: restore the category or move the product first.',
            {
              details: [{ field: 'categoryId', message: 'The category is archived' }],
            },
          );
        }
      }
      await repo.updateProduct(id, { status });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: status === 'archived' ? 'shop_product.archived' : 'shop_product.restored',
        entityType: 'shop_product',
        entityId: id,
        before: { status: before.status },
        after: { status },
        ipAddress: ip,
      });
    });
    return {
      product: await productOf(this.repo, id),
      message: status === 'archived' ? 'Product archived' : 'Product restored',
    };
  }

  // ------------------------------------------------------------ images

  async addImage(
    auth: AuthContext,
    id: number,
    upload: Buffer,
    ip: string,
  ): Promise<ProductMutationResponse> {
    if (!(await this.repo.findProduct(id))) throw AppError.notFound('Product');
    const encoded = await processProfileImage(upload, PRODUCT_IMAGE_MAX_SIDE);
    const name = generateFileName('webp');
    await this.storage.save(name, encoded);
    try {
      await this.db.transaction(async (tx) => {
        const repo = new ShopCatalogueRepository(tx);
        if (!(await repo.findProduct(id, { forUpdate: true }))) throw AppError.notFound('Product');
        if ((await repo.countImages(id)) >= PRODUCT_IMAGES_MAX) {
          throw AppError.conflict(
            'file',
            `A product has at most ${PRODUCT_IMAGES_MAX} images: remove one first`,
          );
        }
        const image = await repo.insertImage(id, fileUrl(name));
        await repo.updateProduct(id, {});
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'shop_product.image_added',
          entityType: 'shop_product',
          entityId: id,
          after: { imageId: image.id, url: image.url, bytes: encoded.length },
          ipAddress: ip,
        });
      });
    } catch (error) {
      await this.storage.remove(name).catch(() => {});
      throw error;
    }
    return { product: await productOf(this.repo, id), message: 'Image added' };
  }

  async removeImage(
    auth: AuthContext,
    id: number,
    imageId: number,
    ip: string,
  ): Promise<ProductMutationResponse> {
    const url = await this.db.transaction(async (tx) => {
      const repo = new ShopCatalogueRepository(tx);
      if (!(await repo.findProduct(id, { forUpdate: true }))) throw AppError.notFound('Product');
      const image = await repo.findImage(id, imageId);
      if (!image) throw AppError.notFound('Image');
      await repo.deleteImage(imageId);
      await repo.updateProduct(id, {});
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'shop_product.image_removed',
        entityType: 'shop_product',
        entityId: id,
        before: { imageId, url: image.url },
        ipAddress: ip,
      });
      return image.url;
    });
    const name = fileNameFromUrl(url);
    if (name) await this.storage.remove(name).catch(() => {});
    return { product: await productOf(this.repo, id), message: 'Image removed' };
  }

  // ------------------------------------------------------------ export and import

  async startExport(
    auth: AuthContext,
    { format, ...filters }: ProductExportQuery,
    ip: string,
  ): Promise<PreparedExport<ProductView>> {
    const rowCount = await this.repo.countProducts(filters);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'shop_product',
      format,
      filters,
      rowCount,
    });
    return {
      rowCount,
      date: todayOf(this.clock),
      batches: keysetBatches(
        (afterId, size) => this.repo.productBatchAfter(filters, afterId, size),
        (r) => r.id,
      ),
    };
  }

  private async checkFile(executor: Executor, buffer: Buffer) {
    const rows = mapProductSheet(await readSheet(buffer));
    const repo = new ShopCatalogueRepository(executor);
    const [categories, takenSkus] = await Promise.all([
      repo.categoryMatches(),
      repo.takenSkus(rows.map((r) => r.values.sku.trim()).filter(Boolean)),
    ]);
    return checkProductRows(rows, { categories, takenSkus });
  }

  async previewImport(buffer: Buffer, fileName: string): Promise<ProductImportPreviewResponse> {
    const rows = await this.checkFile(this.db, buffer);
    const invalid = rows.filter((r) => r.errors.length).length;
    return {
      fileName,
      rows: rows.map(({ rowNumber, values, errors }) => ({ rowNumber, values, errors })),
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
    };
  }

  /**
   * All or nothing: checks the file again inside one transaction; any row with an error refuses the
   * whole file (400 naming the rows); otherwise every product, its opening stock (a receive in the
   * ledger) and their audit events are written together, or none if anything fails.
   */
  async import(
    auth: AuthContext,
    buffer: Buffer,
    fileName: string,
    ip: string,
  ): Promise<ProductImportResponse> {
    try {
      const imported = await this.db.transaction(async (tx) => {
        const rows = await this.checkFile(tx, buffer);
        const invalid = rows.filter((r) => r.product === null);
        if (invalid.length) {
          throw AppError.validation(
            rowErrorDetails(invalid),
            `Nothing was imported: ${invalid.length} of ${rows.length} row${rows.length === 1 ? ' has' : 's have'} errors. Fix them and import the file again.`,
          );
        }
        const repo = new ShopCatalogueRepository(tx);
        const audits: AuditEntry[] = [];
        for (const { product } of rows) {
          const p = product!;
          const row = await repo.insertProduct({
            sku: p.sku,
            name: p.name,
            categoryId: p.categoryId,
            description: p.description ?? null,
            unit: p.unit,
            pricePaise: p.pricePaise,
            currency: SHOP_CURRENCY,
            hsnCode: p.hsnCode,
            gstRate: p.gstRate,
            reorderLevel: p.reorderLevel ?? 0,
          });
          audits.push({
            actorId: auth.userId,
            action: 'shop_product.created',
            entityType: 'shop_product',
            entityId: row.id,
            after: withFields(auditable(row), { importedFrom: fileName }),
            ipAddress: ip,
          });
          if (p.openingStock > 0) {
            const movement = await this.stock.applyMovement(tx, {
              productId: row.id,
              kind: 'receive',
              quantityDelta: p.openingStock,
              reservedDelta: 0,
              unitCostPaise: p.unitCostPaise,
              supplierReference: null,
              reason: `Opening stock (import of ${fileName})`,
              actorId: auth.userId,
            });
            audits.push({
              actorId: auth.userId,
              action: 'shop_stock.received',
              entityType: 'shop_product',
              entityId: row.id,
              after: movement,
              ipAddress: ip,
            });
          }
        }
        audits.push({
          actorId: auth.userId,
          action: 'shop_product.imported',
          entityType: 'shop_product',
          entityId: null,
          after: { fileName, imported: rows.length },
          ipAddress: ip,
        });
        await recordAudits(tx, audits);
        return rows.length;
      });
      return { message: `${imported} product${imported === 1 ? '' : 's'} imported`, imported };
    } catch (error) {
      // A product with the same SKU added while the file was being imported.
      if (isUniqueViolation(error, 'shop_products_sku_unique')) throw skuTaken();
      throw error;
    }
  }
}

/** The product's own fields for the audit trail (the generated search text left out). */
function auditable(row: ProductRow) {
  const { searchText: _searchText, ...rest } = row;
  return rest;
}

async function assertUsableCategory(repo: ShopCatalogueRepository, categoryId: number): Promise<void> {
  const category = await repo.findCategory(categoryId);
  if (!category) throw categoryProblem('The category was not found');
  if (category.status === 'archived') throw categoryProblem('The category is archived: choose an active one');
}

async function assertEquipmentTypes(repo: ShopCatalogueRepository, ids: number[]): Promise<void> {
  const found = await repo.existingEquipmentTypeIds(ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const message = `Equipment type${missing.length === 1 ? '' : 's'} not found: ${missing.join(', ')}`;
    throw AppError.validation([{ field: 'equipmentTypeIds', message }], message);
  }
}
