import { type OrderStatus, type OrderTotals, type orderSortFields, orderStatuses } from '@inspecta/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  containsPattern,
  escapeLike,
  firstMatchesPage,
  indexOrder,
  onPageId,
  pageIds,
  pageIdsCount,
  pageIdsOrder,
  parseSort,
} from '../../db/query-helpers.js';
import {
  auditEvents,
  shopBillShipments,
  shopBills,
  shopOrderLines,
  shopOrders,
  shopReturnLines,
  shopReturns,
  shopShipmentLines,
  shopShipments,
  users,
} from '../../db/schema.js';
import { rankedPageIds } from '../../db/search-conditions.js';
import { FEW_MATCHES, SearchSample } from '../../db/search-sample.js';
import { asValue, type Bind, StatementsByShape } from '../../db/statements-by-shape.js';

export type OrderRow = typeof shopOrders.$inferSelect;
export type OrderLineRow = typeof shopOrderLines.$inferSelect;
export type ShipmentRow = typeof shopShipments.$inferSelect;
export type ShipmentLineView = typeof shopShipmentLines.$inferSelect & {
  productId: number;
  sku: string;
  name: string;
  unit: OrderLineRow['unit'];
  unitPricePaise: number;
  gstRate: number;
};

/** The list counts matches exactly up to this many; beyond, it answers the cap. */
export const ORDER_COUNT_CAP = 10_000;

export interface OrderFilter {
  search?: string | undefined;
  status?: OrderStatus | undefined;
  clientId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /**
   * The organisation's time zone: `from`/`to` are its calendar days. Read from the settings only
   * when a date range is set (`zoneOf`), so a list without one costs no settings read.
   */
  timezone?: string | undefined;
}

/** The zone a date range's ends are placed in; a range without one is a programming error. */
function zoneOf(filter: OrderFilter): string {
  if (!filter.timezone) throw new Error('An order date range needs the organisation time zone');
  return filter.timezone;
}

export interface OrderListRow {
  id: number;
  orderNumber: string;
  clientId: number;
  firstName: string;
  lastName: string;
  company: string | null;
  status: OrderStatus;
  placedAt: Date;
  lineCount: number;
  unitCount: number;
  shipmentCount: number;
  shippedCount: number;
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
  currency: string;
  billingState: string;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
}

interface StatusGroup {
  status: OrderStatus;
  n: number;
  /** Paise, as text: a sum of bigints. */
  total: string;
  tax: string;
}

function emptyByStatus(): Record<OrderStatus, number> {
  return { placed: 0, confirmed: 0, partially_shipped: 0, shipped: 0, delivered: 0, cancelled: 0 };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An order number as typed ("123", "so-123", "SO-000123") in its stored form, or null. */
export function normalisedOrderNumber(term: string): string | null {
  const match = /^(?:so-?)?0*(\d{1,12})$/i.exec(term.trim());
  if (!match) return null;
  return `SO-${match[1]!.padStart(6, '0')}`;
}

type OrderSortField = (typeof orderSortFields)[number];
const ORDER_SORT: Record<OrderSortField, SQL> = {
  placedAt: sql`${shopOrders.placedAt}`,
  orderNumber: sql`${shopOrders.orderNumber}`,
  totalPaise: sql`${shopOrders.totalPaise}`,
};

const listColumns = {
  id: shopOrders.id,
  orderNumber: shopOrders.orderNumber,
  clientId: shopOrders.clientId,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  status: shopOrders.status,
  placedAt: shopOrders.placedAt,
  lineCount: shopOrders.lineCount,
  unitCount: shopOrders.unitCount,
  shipmentCount: sql<number>`(select count(*) from shop_shipments s where s.order_id = ${shopOrders.id} and s.status <> 'cancelled')::int`,
  shippedCount: sql<number>`(select count(*) from shop_shipments s where s.order_id = ${shopOrders.id} and s.status in ('shipped', 'delivered'))::int`,
  taxablePaise: shopOrders.taxablePaise,
  taxPaise: shopOrders.taxPaise,
  totalPaise: shopOrders.totalPaise,
  currency: shopOrders.currency,
  billingState: sql<string>`${shopOrders.billingAddress} ->> 'state'`,
  confirmedAt: shopOrders.confirmedAt,
  cancelledAt: shopOrders.cancelledAt,
};

/** A page of a rare term's matches: the list's columns, the matches' count and their totals by status. */
const fewMatchesColumns = Object.assign({}, listColumns, {
  n: pageIdsCount,
  groups: sql<StatusGroup[] | null>`page_ids.groups`,
});

/** The order list's search state kept by the service (`OrdersRepository.listSearch`). */
export interface OrderListSearch {
  sample: SearchSample;
  statements: StatementsByShape<Array<OrderListRow & { n: number; groups: StatusGroup[] | null }>>;
}

/** Orders, their lines and shipments, returns, the bills that cover them, the list and its totals. */
export class OrdersRepository {
  constructor(private readonly db: Executor) {}

  async nextOrderNumber(): Promise<string> {
    const [row] = rowsOf<{ n: string }>(
      await this.db.execute(sql`select nextval('shop_order_number_seq')::text as n`),
    );
    return `SO-${row!.n.padStart(6, '0')}`;
  }

  async insertOrder(values: typeof shopOrders.$inferInsert): Promise<OrderRow> {
    const [row] = await this.db.insert(shopOrders).values(values).returning();
    return row!;
  }

  async insertLines(values: Array<typeof shopOrderLines.$inferInsert>): Promise<OrderLineRow[]> {
    return this.db.insert(shopOrderLines).values(values).returning();
  }

  async insertShipment(values: typeof shopShipments.$inferInsert): Promise<ShipmentRow> {
    const [row] = await this.db.insert(shopShipments).values(values).returning();
    return row!;
  }

  async insertShipmentLines(values: Array<typeof shopShipmentLines.$inferInsert>): Promise<void> {
    if (values.length) await this.db.insert(shopShipmentLines).values(values);
  }

  /** The order's row; `lock` holds it until the transaction ends (every lifecycle step locks it first). */
  async order(id: number, lock = false): Promise<OrderRow | undefined> {
    const query = this.db.select().from(shopOrders).where(eq(shopOrders.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async updateOrder(id: number, values: Partial<typeof shopOrders.$inferInsert>): Promise<void> {
    await this.db.update(shopOrders).set(values).where(eq(shopOrders.id, id));
  }

  async updateShipment(id: number, values: Partial<typeof shopShipments.$inferInsert>): Promise<void> {
    await this.db.update(shopShipments).set(values).where(eq(shopShipments.id, id));
  }

  async appendSearchText(id: number, text: string): Promise<void> {
    await this.db
      .update(shopOrders)
      .set({ searchText: sql`${shopOrders.searchText} || ' ' || ${text.toLowerCase()}` })
      .where(eq(shopOrders.id, id));
  }

  async client(clientId: number) {
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
      .where(eq(users.id, clientId));
    return row;
  }

  async userName(userId: number | null): Promise<string | null> {
    if (userId === null) return null;
    const [row] = await this.db
      .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(users)
      .where(eq(users.id, userId));
    return row?.name ?? null;
  }

  async lines(orderId: number): Promise<OrderLineRow[]> {
    return this.db
      .select()
      .from(shopOrderLines)
      .where(eq(shopOrderLines.orderId, orderId))
      .orderBy(asc(shopOrderLines.id));
  }

  async shipments(orderId: number): Promise<ShipmentRow[]> {
    return this.db
      .select()
      .from(shopShipments)
      .where(eq(shopShipments.orderId, orderId))
      .orderBy(asc(shopShipments.sequence));
  }

  async shipmentLines(orderId: number): Promise<ShipmentLineView[]> {
    const rows = await this.db
      .select({
        line: shopShipmentLines,
        productId: shopOrderLines.productId,
        sku: shopOrderLines.sku,
        name: shopOrderLines.name,
        unit: shopOrderLines.unit,
        unitPricePaise: shopOrderLines.unitPricePaise,
        gstRate: shopOrderLines.gstRate,
      })
      .from(shopShipmentLines)
      .innerJoin(shopOrderLines, eq(shopOrderLines.id, shopShipmentLines.orderLineId))
      .where(eq(shopOrderLines.orderId, orderId))
      .orderBy(asc(shopShipmentLines.shipmentId), asc(shopShipmentLines.orderLineId));
    return rows.map(({ line, ...rest }) => withFields(line, rest));
  }

  /** Adds returned units to a shipment line unless that would return more than were shipped. */
  async addReturned(shipmentLineId: number, quantity: number): Promise<boolean> {
    const rows = await this.db
      .update(shopShipmentLines)
      .set({ returnedQuantity: sql`${shopShipmentLines.returnedQuantity} + ${quantity}` })
      .where(
        and(
          eq(shopShipmentLines.id, shipmentLineId),
          sql`${shopShipmentLines.returnedQuantity} + ${quantity} <= ${shopShipmentLines.quantity}`,
        ),
      )
      .returning({ id: shopShipmentLines.id });
    return rows.length === 1;
  }

  async insertReturn(shipmentId: number, reason: string, createdBy: number, at: Date) {
    const [row] = await this.db
      .insert(shopReturns)
      .values({ shipmentId, reason, createdBy, createdAt: at })
      .returning();
    return row!;
  }

  async insertReturnLines(returnId: number, lines: Array<{ shipmentLineId: number; quantity: number }>) {
    await this.db.insert(shopReturnLines).values(lines.map((l) => ({ returnId, ...l })));
  }

  /** Bills and credit notes covering each shipment (a credit note through its return). */
  async billsOfShipments(shipmentIds: number[]) {
    if (!shipmentIds.length) return [];
    const covering = await this.db
      .select({
        shipmentId: shopBillShipments.shipmentId,
        id: shopBills.id,
        billNumber: shopBills.billNumber,
        kind: shopBills.kind,
        status: shopBills.status,
      })
      .from(shopBillShipments)
      .innerJoin(shopBills, eq(shopBills.id, shopBillShipments.billId))
      .where(inArray(shopBillShipments.shipmentId, shipmentIds));
    const credits = await this.db
      .select({
        shipmentId: shopReturns.shipmentId,
        id: shopBills.id,
        billNumber: shopBills.billNumber,
        kind: shopBills.kind,
        status: shopBills.status,
      })
      .from(shopBills)
      .innerJoin(shopReturns, eq(shopReturns.id, shopBills.returnId))
      .where(inArray(shopReturns.shipmentId, shipmentIds));
    const seen = new Set<string>();
    return [...covering, ...credits]
      .filter((b) => {
        const key = `${b.shipmentId}:${b.id}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => a.id - b.id);
  }

  /** Whether any issued invoice already covers one of these shipments. */
  async invoicedShipmentIds(orderId: number): Promise<number[]> {
    const rows = await this.db
      .select({ shipmentId: shopBillShipments.shipmentId })
      .from(shopBillShipments)
      .innerJoin(shopBills, eq(shopBills.id, shopBillShipments.billId))
      .where(
        and(eq(shopBills.orderId, orderId), eq(shopBills.kind, 'invoice'), eq(shopBills.status, 'issued')),
      );
    return rows.map((r) => r.shipmentId);
  }

  /** The order's audit trail, oldest first (its timeline). */
  async timeline(orderId: number) {
    return this.db
      .select({
        at: auditEvents.createdAt,
        action: auditEvents.action,
        after: auditEvents.after,
        actorId: auditEvents.actorId,
        actorName: sql<
          string | null
        >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(and(eq(auditEvents.entityType, 'shop_order'), eq(auditEvents.entityId, String(orderId))))
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
  }

  // ------------------------------------------------------------ list

  private conditions(filter: OrderFilter, withStatus: boolean, bind: Bind = asValue): SQL | undefined {
    const parts: SQL[] = [];
    if (withStatus && filter.status) parts.push(sql`${shopOrders.status} = ${bind('status', filter.status)}`);
    if (filter.clientId) parts.push(sql`${shopOrders.clientId} = ${bind('clientId', filter.clientId)}`);
    if (filter.from)
      parts.push(
        sql`${shopOrders.placedAt} >= (${bind('from', filter.from)}::date)::timestamp at time zone ${bind('zone', zoneOf(filter))}`,
      );
    if (filter.to)
      parts.push(
        sql`${shopOrders.placedAt} < (${bind('to', filter.to)}::date + 1)::timestamp at time zone ${bind('zone', zoneOf(filter))}`,
      );
    if (filter.search) {
      const term = filter.search.toLowerCase();
      const number = normalisedOrderNumber(term);
      const like = sql`${shopOrders.searchText} like ${bind('contains', containsPattern(term))}`;
      parts.push(number ? sql`(${like} or ${shopOrders.orderNumber} = ${bind('number', number)})` : like);
    }
    return parts.length ? and(...parts) : undefined;
  }

  async page(
    filter: OrderFilter,
    sort: string | undefined,
    page: number,
    limit: number,
  ): Promise<OrderListRow[]> {
    const offset = (page - 1) * limit;
    if (!sort && filter.search) {
      // The ranked ids and their rows in one statement (`pageIds`).
      const rows = await this.db
        .select(listColumns)
        .from(shopOrders)
        .innerJoin(pageIds(this.relevancePageIds(filter, offset, limit)), onPageId(shopOrders.id))
        .innerJoin(users, eq(users.id, shopOrders.clientId))
        .orderBy(pageIdsOrder);
      return rows as OrderListRow[];
    }
    const { field, desc } = parseSort<OrderSortField>(sort, 'placedAt');
    const order = sort
      ? [indexOrder(ORDER_SORT[field], desc), indexOrder(shopOrders.id, desc)]
      : [indexOrder(shopOrders.placedAt, true), indexOrder(shopOrders.id, true)];
    const rows = await this.db
      .select(listColumns)
      .from(shopOrders)
      .innerJoin(users, eq(users.id, shopOrders.clientId))
      .where(this.conditions(filter, true))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return rows as OrderListRow[];
  }

  /**
   * What the order list's search keeps across requests: its sample of search documents
   * (`SearchSample`) and the rare term's statements built once per shape (`StatementsByShape`).
   * Made once per service, since a repository lives for one request or transaction.
   */
  static listSearch(db: Executor): OrderListSearch {
    return {
      sample: new SearchSample(db, sql`${shopOrders}`, sql`${shopOrders.searchText}`),
      statements: new StatementsByShape(),
    };
  }

  /**
   * A search the sample says is rare, in relevance order (issue 22, docs/search.md): its matches
   * ranked as the arms rank them (the exact number, numbers starting with the term, the rest, newest
   * first within each), the page's rows, and every status's count and money, in one statement
   * instead of the arms' page and then the totals' pass. The matches are read with every filter but
   * the status, so the tabs are counted from the same rows the chosen tab's page is cut from.
   * Undefined when the estimate is over FEW_MATCHES, the statement found more (a stale sample), or
   * the page came back empty where that does not mean no matches (a page past the last, a status
   * tab without any): the arms and the capped totals answer those.
   */
  async fewMatchesList(
    filter: OrderFilter,
    page: number,
    limit: number,
    { sample, statements }: OrderListSearch,
  ): Promise<{ rows: OrderListRow[]; totals: OrderTotals } | undefined> {
    const term = (filter.search ?? '').trim().toLowerCase();
    if (!term || (await sample.matchesAtMost([term])) > FEW_MATCHES) return undefined;
    const exactNumber = normalisedOrderNumber(term) ?? term.toUpperCase();
    const offset = (page - 1) * limit;
    // Built once per shape of filter (`StatementsByShape`): each value below is bound.
    const found = await statements.run(
      (bind) =>
        firstMatchesPage({
          matched: sql`
        select ${shopOrders.id} as id, ${shopOrders.status} as status, ${shopOrders.placedAt} as placed_at,
               ${shopOrders.totalPaise} as total_paise, ${shopOrders.taxPaise} as tax_paise,
               case when ${shopOrders.orderNumber} = ${bind('exactNumber', exactNumber)} then 0
                    when lower(${shopOrders.orderNumber}) like ${bind('prefix', `${escapeLike(term)}%`)} then 1 else 2 end as rank
        from ${shopOrders} where ${this.conditions(filter, false, bind)}`,
          order: sql`rank, placed_at desc, id desc`,
          shown: filter.status ? sql`status = ${bind('shownStatus', filter.status)}` : undefined,
          carried: sql`(select json_agg(g) from (
          select status, count(*)::int as n, coalesce(sum(total_paise), 0)::text as total,
                 coalesce(sum(tax_paise), 0)::text as tax
          from first_matches group by status) as g) as groups`,
          cap: FEW_MATCHES,
          limit: bind('limit', limit),
          offset: bind('offset', offset),
        }),
      (ids) =>
        this.db
          .select(fewMatchesColumns)
          .from(shopOrders)
          .innerJoin(ids, onPageId(shopOrders.id))
          .innerJoin(users, eq(users.id, shopOrders.clientId))
          .orderBy(pageIdsOrder),
    );
    if (sample.fewMatchesTotal(found, offset === 0 && !filter.status) === undefined) return undefined;
    return {
      rows: found.map(({ n: _n, groups: _groups, ...row }) => row as OrderListRow),
      totals: this.totalsOf(found[0]?.groups ?? [], filter, true),
    };
  }

  /**
   * The page's ids in relevance order: the exact order number (rank 0), then order numbers starting
   * with the term (1), then every other match (2), newest first within a rank. Each rank is its own
   * arm cut at offset + limit rows, so each is read from the index that fits: the unique number
   * index, `shop_orders_number_prefix_idx`, and for the rest the trigram index (a rare term) or the
   * placed index read backwards until enough rows match (a common one). Ranking every match in one
   * statement sorted all 20,000 orders behind a word in one client in five (issue 22).
   */
  private relevancePageIds(filter: OrderFilter, offset: number, limit: number): SQL {
    const term = (filter.search ?? '').trim().toLowerCase();
    const number = normalisedOrderNumber(term) ?? term.toUpperCase();
    const others = this.conditions(withFields(filter, { search: undefined }), true);
    const within = (condition: SQL) => (others ? and(condition, others)! : condition);
    return rankedPageIds({
      table: shopOrders,
      id: shopOrders.id,
      sortKey: shopOrders.placedAt,
      exact: within(sql`${shopOrders.orderNumber} = ${number}`),
      prefix: within(sql`lower(${shopOrders.orderNumber}) like ${`${escapeLike(term)}%`}`),
      rest: this.conditions(filter, true)!,
      armOrder: sql`${indexOrder(shopOrders.placedAt, true)}, ${indexOrder(shopOrders.id, true)}`,
      offset,
      limit,
    });
  }

  /**
   * Counts (each capped at CAP, as every list's) and sums of the filtered set, per status and for
   * the chosen status. Without a search or a client, from the per-day summary: exact at any size,
   * sums included. With one, from the first CAP + 1 matches only (issue 22): within the cap the
   * counts and sums are exact; past it the counts are lower bounds (`byStatusCapped`) and the sums
   * null (docs/shop-orders.md, "Orders list").
   */
  async totals(filter: OrderFilter): Promise<OrderTotals> {
    if (!filter.search && !filter.clientId)
      return this.totalsOf(await this.groupedByDays(filter), filter, false);
    const first = this.totalsOf(
      await this.firstMatchesByStatus(withFields(filter, { status: undefined })),
      filter,
      true,
    );
    if (!filter.status || first.byStatusCapped.length === 0) return first;
    // Past the cap the chosen status is counted on its own, exact up to the cap, with its sums.
    const status = filter.status;
    const chosen = this.totalsOf(await this.firstMatchesByStatus(filter), filter, true);
    const byStatus = { ...first.byStatus };
    byStatus[status] = chosen.count;
    return withFields(chosen, {
      byStatus,
      byStatusCapped: orderStatuses.filter((s) => s !== status || chosen.countIsCapped),
    });
  }

  /**
   * The answer's totals from rows grouped by status. From a capped read (`capped`, at most CAP + 1
   * rows), more than CAP rows means every figure is a lower bound and the sums were not all read:
   * they are null. From the per-day summary the rows are exact at any size: only the counts over
   * the cap are cut to it.
   */
  private totalsOf(grouped: StatusGroup[], filter: OrderFilter, capped: boolean): OrderTotals {
    const byStatus = emptyByStatus();
    for (const g of grouped) byStatus[g.status] += g.n;
    const past = capped && grouped.reduce((n, g) => n + g.n, 0) > ORDER_COUNT_CAP;
    const byStatusCapped = orderStatuses.filter((s) => past || byStatus[s] > ORDER_COUNT_CAP);
    for (const status of orderStatuses) byStatus[status] = Math.min(byStatus[status], ORDER_COUNT_CAP);
    const chosen = grouped.filter((g) => !filter.status || g.status === filter.status);
    const count = chosen.reduce((n, g) => n + g.n, 0);
    const sum = (pick: (g: StatusGroup) => string) =>
      chosen.reduce((n, g) => n + (g.status === 'cancelled' ? 0 : Number(pick(g))), 0);
    return {
      count: Math.min(count, ORDER_COUNT_CAP),
      countIsCapped: count > ORDER_COUNT_CAP,
      totalPaise: past ? null : sum((g) => g.total),
      taxPaise: past ? null : sum((g) => g.tax),
      byStatus,
      byStatusCapped,
    };
  }

  /**
   * The filter's orders by status, from `shop_order_days` (migration 0019) for the whole UTC days
   * the range covers, and from the orders themselves for the part-days at its ends (the range is in
   * the organisation's time zone, the summary's days are UTC). Exact at any size.
   */
  private async groupedByDays(filter: OrderFilter): Promise<StatusGroup[]> {
    const [bounds] = rowsOf<{ f: string | null; t: string | null; fd: string | null; td: string | null }>(
      await this.db.execute(sql`select b.f::text as f, b.t::text as t,
          (((b.f at time zone 'UTC') - interval '1 microsecond')::date + 1)::text as fd,
          ((b.t at time zone 'UTC')::date)::text as td
        from (select
          ${filter.from ? sql`(${filter.from}::date)::timestamp at time zone ${zoneOf(filter)}` : sql`null::timestamptz`} as f,
          ${filter.to ? sql`(${filter.to}::date + 1)::timestamp at time zone ${zoneOf(filter)}` : sql`null::timestamptz`} as t) as b`),
    );
    const { f, t, fd, td } = bounds!;
    const scan = (
      from: SQL | null,
      to: SQL | null,
    ) => sql`select status, 1 as n, total_paise as total, tax_paise as tax
      from shop_orders where true ${from ? sql`and placed_at >= ${from}` : sql``} ${to ? sql`and placed_at < ${to}` : sql``}`;
    const parts: SQL[] = [];
    if (f !== null && t !== null && fd! >= td!) {
      // Less than one whole UTC day: the orders themselves.
      parts.push(scan(sql`${f}::timestamptz`, sql`${t}::timestamptz`));
    } else {
      parts.push(sql`select status, orders as n, total_paise as total, tax_paise as tax from shop_order_days
        where true ${fd !== null ? sql`and day >= ${fd}::date` : sql``} ${td !== null ? sql`and day < ${td}::date` : sql``}`);
      if (f !== null)
        parts.push(scan(sql`${f}::timestamptz`, sql`(${fd}::date)::timestamp at time zone 'UTC'`));
      if (t !== null)
        parts.push(scan(sql`(${td}::date)::timestamp at time zone 'UTC'`, sql`${t}::timestamptz`));
    }
    return rowsOf<StatusGroup>(
      await this.db.execute(sql`select status, sum(n)::int as n, sum(total)::text as total, sum(tax)::text as tax
        from (${sql.join(parts, sql` union all `)}) as m group by status`),
    );
  }

  /**
   * The filter's first CAP + 1 matches by status with their sums: one bounded pass (the trigram
   * index for a search, the covering client index for a client). The scan is a materialized CTE so
   * that it is planned without the LIMIT, as the sites' capped count (a LIMIT made PostgreSQL expect
   * the matches early in the table and read it sequentially); it stops at CAP + 1 rows. Before, this
   * pass read every match to sum their money: a word in 20,000 orders read all 20,000 (issue 22).
   */
  private async firstMatchesByStatus(filter: OrderFilter): Promise<StatusGroup[]> {
    const where = this.conditions(filter, true);
    return rowsOf<StatusGroup>(
      await this.db.execute(sql`
        with matched as materialized (
          select status, total_paise, tax_paise from shop_orders ${where ? sql`where ${where}` : sql``}
        )
        select status, count(*)::int as n,
          coalesce(sum(total_paise), 0)::text as total, coalesce(sum(tax_paise), 0)::text as tax
        from (select * from matched limit ${ORDER_COUNT_CAP + 1}) as first_matches
        group by status`),
    );
  }

  async countForExport(filter: OrderFilter): Promise<number> {
    const where = this.conditions(filter, true);
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(shopOrders).where(where);
    return row?.n ?? 0;
  }

  async batchAfter(filter: OrderFilter, afterId: number, size: number): Promise<OrderListRow[]> {
    const where = this.conditions(filter, true);
    const rows = await this.db
      .select(listColumns)
      .from(shopOrders)
      .innerJoin(users, eq(users.id, shopOrders.clientId))
      .where(and(sql`${shopOrders.id} > ${afterId}`, where))
      .orderBy(asc(shopOrders.id))
      .limit(size);
    return rows as OrderListRow[];
  }

  // ------------------------------------------------------------ home

  async homeFigures(): Promise<{ ordersToConfirm: number; shipmentsToSend: number }> {
    const [row] = rowsOf<{ orders: number; shipments: number }>(
      await this.db.execute(sql`select
        (select count(*) from shop_orders where status = 'placed')::int as orders,
        (select count(*) from shop_shipments s join shop_orders o on o.id = s.order_id
          where s.status in ('pending', 'packed') and o.status in ('confirmed', 'partially_shipped'))::int as shipments`),
    );
    return { ordersToConfirm: row!.orders, shipmentsToSend: row!.shipments };
  }
}
