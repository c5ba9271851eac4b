import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { shopProducts, sites, users } from '../../db/schema.js';

/** What the demo orders are made of: the demo clients with their sites, products in stock, an admin. */
export class DemoOrdersRepository {
  constructor(private readonly db: Executor) {}

  async firstAdminId(): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'admin'), isNull(users.deletedAt), eq(users.status, 'active')))
      .orderBy(asc(users.id))
      .limit(1);
    return row?.id;
  }

  /** Active clients with a company and their active sites that have a complete address. */
  async clientsWithSites() {
    return this.db
      .select({ clientId: users.id, siteId: sites.id, state: sites.state })
      .from(users)
      .innerJoin(sites, eq(sites.clientId, users.id))
      .where(
        and(
          eq(users.userType, 'client'),
          isNull(users.deletedAt),
          isNotNull(users.company),
          eq(sites.status, 'active'),
          isNotNull(sites.addressLine1),
          isNotNull(sites.city),
          isNotNull(sites.state),
          sql`${sites.pincode} ~ '^[1-9][0-9]{5}$'`,
        ),
      )
      .orderBy(asc(users.id), asc(sites.id));
  }

  /** Active products with at least `min` units available, by SKU. */
  async productsInStock(min: number) {
    return this.db
      .select({
        id: shopProducts.id,
        available: sql<number>`(${shopProducts.onHand} - ${shopProducts.reserved})::int`,
      })
      .from(shopProducts)
      .where(
        and(
          eq(shopProducts.status, 'active'),
          sql`${shopProducts.onHand} - ${shopProducts.reserved} >= ${min}`,
        ),
      )
      .orderBy(asc(shopProducts.sku));
  }
}
