import { inArray } from 'drizzle-orm';
import type { Executor } from './database.js';
import { shopProducts, sites, users } from './schema.js';

/** Current names of users and sites an event names only by id (a status change carries no name). */
export async function auditEntityNames(
  db: Executor,
  refs: { entityType: string; entityId: string }[],
): Promise<Map<string, string>> {
  const idsOf = (type: string) => [
    ...new Set(
      refs.filter((r) => r.entityType === type && /^\d+$/.test(r.entityId)).map((r) => Number(r.entityId)),
    ),
  ];
  const userIds = idsOf('user');
  const siteIds = idsOf('site');
  const productIds = idsOf('shop_product');
  const [userRows, siteRows, productRows] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    siteIds.length
      ? db
          .select({ id: sites.id, siteCode: sites.siteCode, name: sites.name })
          .from(sites)
          .where(inArray(sites.id, siteIds))
      : [],
    productIds.length
      ? db
          .select({ id: shopProducts.id, sku: shopProducts.sku, name: shopProducts.name })
          .from(shopProducts)
          .where(inArray(shopProducts.id, productIds))
      : [],
  ]);
  const names = new Map<string, string>();
  for (const u of userRows) names.set(`user:${u.id}`, `${u.firstName} ${u.lastName}`.trim());
  for (const site of siteRows) names.set(`site:${site.id}`, `${site.siteCode} ${site.name}`);
  for (const p of productRows) names.set(`shop_product:${p.id}`, `${p.sku} ${p.name}`);
  return names;
}
