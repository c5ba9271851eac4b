import type { AddressKind } from '@inspecta/contract';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  shopAddresses,
  shopCartAllocations,
  shopCartLines,
  shopCarts,
  sites,
  users,
} from '../../db/schema.js';

export type AddressRow = typeof shopAddresses.$inferSelect;
export type AddressView = AddressRow & { siteCode: string | null };
export type NewAddress = typeof shopAddresses.$inferInsert;
export type SiteRow = typeof sites.$inferSelect;

export interface ClientRow {
  id: number;
  firstName: string;
  lastName: string;
  company: string | null;
  email: string;
  phone: string | null;
}

const addressColumns = { address: shopAddresses, siteCode: sites.siteCode };

/** A client's addresses, the client itself and the sites offered as shipping addresses. */
export class AddressesRepository {
  constructor(private readonly db: Executor) {}

  /** A live client (type client, not deleted), or undefined. */
  async liveClient(clientId: number): Promise<ClientRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        company: users.company,
        email: users.email,
        phone: users.phone,
      })
      .from(users)
      .where(and(eq(users.id, clientId), eq(users.userType, 'client'), isNull(users.deletedAt)));
    return row;
  }

  async list(
    clientId: number,
    kind: AddressKind | undefined,
    includeArchived: boolean,
  ): Promise<AddressView[]> {
    const rows = await this.db
      .select(addressColumns)
      .from(shopAddresses)
      .leftJoin(sites, eq(sites.id, shopAddresses.siteId))
      .where(
        and(
          eq(shopAddresses.clientId, clientId),
          kind ? eq(shopAddresses.kind, kind) : undefined,
          includeArchived ? undefined : eq(shopAddresses.status, 'active'),
        ),
      )
      .orderBy(
        desc(shopAddresses.isDefault),
        asc(shopAddresses.kind),
        sql`lower(${shopAddresses.label})`,
        asc(shopAddresses.id),
      );
    return rows.map((r) => withFields(r.address, { siteCode: r.siteCode }));
  }

  /** One address of this client (any status), or undefined when it is another client's or none. */
  async find(clientId: number, addressId: number, lock = false): Promise<AddressView | undefined> {
    const query = this.db
      .select(addressColumns)
      .from(shopAddresses)
      .leftJoin(sites, eq(sites.id, shopAddresses.siteId))
      .where(and(eq(shopAddresses.id, addressId), eq(shopAddresses.clientId, clientId)));
    const [row] = lock ? await query.for('update', { of: shopAddresses }) : await query;
    return row ? withFields(row.address, { siteCode: row.siteCode }) : undefined;
  }

  /** Several addresses of this client by id (any status). */
  async findMany(clientId: number, ids: number[]): Promise<AddressView[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select(addressColumns)
      .from(shopAddresses)
      .leftJoin(sites, eq(sites.id, shopAddresses.siteId))
      .where(and(eq(shopAddresses.clientId, clientId), sql`${shopAddresses.id} in ${ids}`));
    return rows.map((r) => withFields(r.address, { siteCode: r.siteCode }));
  }

  async insert(values: NewAddress): Promise<AddressRow> {
    const [row] = await this.db.insert(shopAddresses).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<NewAddress>, now: Date): Promise<AddressRow> {
    const [row] = await this.db
      .update(shopAddresses)
      .set(withFields(values, { updatedAt: now }))
      .where(eq(shopAddresses.id, id))
      .returning();
    return row!;
  }

  /** Takes the default flag off the client's other active addresses of a kind. */
  async clearDefault(clientId: number, kind: AddressKind, exceptId: number | null, now: Date): Promise<void> {
    await this.db
      .update(shopAddresses)
      .set({ isDefault: false, updatedAt: now })
      .where(
        and(
          eq(shopAddresses.clientId, clientId),
          eq(shopAddresses.kind, kind),
          eq(shopAddresses.isDefault, true),
          exceptId === null ? undefined : ne(shopAddresses.id, exceptId),
        ),
      );
  }

  async hasActiveDefault(clientId: number, kind: AddressKind): Promise<boolean> {
    const [row] = await this.db
      .select({ id: shopAddresses.id })
      .from(shopAddresses)
      .where(
        and(
          eq(shopAddresses.clientId, clientId),
          eq(shopAddresses.kind, kind),
          eq(shopAddresses.isDefault, true),
          eq(shopAddresses.status, 'active'),
        ),
      )
      .limit(1);
    return !!row;
  }

  /** The client's default shipping address (active), if any. */
  async defaultShipping(clientId: number): Promise<AddressRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shopAddresses)
      .where(
        and(
          eq(shopAddresses.clientId, clientId),
          eq(shopAddresses.kind, 'shipping'),
          eq(shopAddresses.isDefault, true),
          eq(shopAddresses.status, 'active'),
        ),
      );
    return row;
  }

  /** An archived address leaves the client's cart: its allocations go, and it stops being the billing address. */
  async detachFromCart(clientId: number, addressId: number): Promise<void> {
    await this.db.execute(
      sql`delete from ${shopCartAllocations} where ${shopCartAllocations.addressId} = ${addressId}
            and ${shopCartAllocations.cartLineId} in (select ${shopCartLines.id} from ${shopCartLines}
              join ${shopCarts} on ${shopCarts.id} = ${shopCartLines.cartId} where ${shopCarts.clientId} = ${clientId})`,
    );
    await this.db
      .update(shopCarts)
      .set({ billingAddressId: null })
      .where(and(eq(shopCarts.clientId, clientId), eq(shopCarts.billingAddressId, addressId)));
  }

  /** The client's active sites, by name, with the shipping address already made from each. */
  async activeSites(clientId: number): Promise<Array<SiteRow & { addressId: number | null }>> {
    const rows = await this.db
      .select({ site: sites, addressId: shopAddresses.id })
      .from(sites)
      .leftJoin(shopAddresses, and(eq(shopAddresses.siteId, sites.id), eq(shopAddresses.clientId, clientId)))
      .where(and(eq(sites.clientId, clientId), eq(sites.status, 'active')))
      .orderBy(sql`lower(${sites.name})`, asc(sites.id));
    return rows.map((r) => withFields(r.site, { addressId: r.addressId }));
  }

  async site(siteId: number): Promise<SiteRow | undefined> {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, siteId));
    return row;
  }

  async addressOfSite(clientId: number, siteId: number): Promise<AddressRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shopAddresses)
      .where(and(eq(shopAddresses.clientId, clientId), eq(shopAddresses.siteId, siteId)));
    return row;
  }
}
