import {
  type GstRate,
  type Product,
  type ProductCategory,
  SHOP_CURRENCY,
  type StockMovement,
  stockStateOf,
} from '@inspecta/contract';
import { AppError } from '../../core/errors.js';
import type {
  CategoryView,
  ProductExtras,
  ProductView,
  ShopCatalogueRepository,
} from './shop-catalogue.repository.js';
import type { MovementRow } from './stock-ledger.repository.js';

// Rows to the contract's objects: one place, so every answer spells a product the same way.

export function toCategory(row: CategoryView): ProductCategory {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    parentName: row.parentName,
    status: row.status,
    productCount: row.productCount,
    childCount: row.childCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toProduct(row: ProductView, extras: ProductExtras): Product {
  const available = row.onHand - row.reserved;
  const types = extras.equipmentTypes.get(row.id) ?? [];
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    description: row.description,
    unit: row.unit,
    pricePaise: row.pricePaise,
    currency: SHOP_CURRENCY,
    hsnCode: row.hsnCode,
    gstRate: row.gstRate as GstRate,
    reorderLevel: row.reorderLevel,
    averageCostPaise: row.averageCostPaise,
    images: extras.images.get(row.id) ?? [],
    status: row.status,
    equipmentTypeIds: types.map((t) => t.id),
    equipmentTypeNames: types.map((t) => t.name),
    stock: { onHand: row.onHand, reserved: row.reserved, available },
    stockState: stockStateOf(available, row.reorderLevel),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    productId: row.productId,
    kind: row.kind,
    quantityDelta: row.quantityDelta,
    reservedDelta: row.reservedDelta,
    onHandBefore: row.onHandBefore,
    onHandAfter: row.onHandAfter,
    unitCostPaise: row.unitCostPaise,
    supplierReference: row.supplierReference,
    reason: row.reason,
    actor: row.actorId !== null && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Products as answered: their images and equipment types read in one statement for the whole page. */
export async function productsOf(repo: ShopCatalogueRepository, rows: ProductView[]): Promise<Product[]> {
  const extras = await repo.extrasOf(rows.map((r) => r.id));
  return rows.map((row) => toProduct(row, extras));
}

/** One product as answered, or 404. */
export async function productOf(repo: ShopCatalogueRepository, id: number): Promise<Product> {
  const row = await repo.productView(id);
  if (!row) throw AppError.notFound('Product');
  const [product] = await productsOf(repo, [row]);
  return product!;
}
