import type { BillKind, BillListQuery, billSortFields } from '@inspecta/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
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
  shopBillLines,
  shopBillSeries,
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

export type BillRow = typeof shopBills.$inferSelect;
export type NewBillRow = typeof shopBills.$inferInsert;
export type BillLineRow = typeof shopBillLines.$inferSelect;
export type BillFilter = Pick<
  BillListQuery,
  'start_date' | 'end_date' | 'id' | 'client_id' | 'kind' | 'status' | 'search'
>;

/** A bill as the list and the export show it: the row with its client and order. */
export type BillListRow = BillRow & {
  clientFirstName: string;
  clientLastName: string;
  clientCompany: string | null;
  orderNumber: string;
};

/** A bill as the export writes it. */
export type BillExportRow = Pick<
  BillListRow,
  | 'id'
  | 'billNumber'
  | 'kind'
  | 'status'
  | 'issuedOn'
  | 'buyerGstin'
  | 'placeOfSupply'
  | 'taxablePaise'
  | 'cgstPaise'
  | 'sgstPaise'
  | 'igstPaise'
  | 'roundOffPaise'
  | 'totalPaise'
  | 'clientFirstName'
  | 'clientLastName'
  | 'clientCompany'
  | 'orderNumber'
>;

/** The list counts matches exactly up to this many; beyond, it answers the cap. */
export const BILL_COUNT_CAP = 10_000;

type BillSortField = (typeof billSortFields)[number];
const BILL_SORT: Record<BillSortField, SQL> = {
  issuedOn: sql`${shopBills.issuedOn}`,
  billNumber: sql`${shopBills.billNumber}`,
  totalPaise: sql`${shopBills.totalPaise}`,
};

/** +1 for an invoice, −1 for a credit note: what the totals add up. */
const sign = sql`(case when ${shopBills.kind} = 'credit_note' then -1 else 1 end)`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface OrderForBill {
  id: number;
  orderNumber: string;
  clientId: number;
  billingMode: 'per_shipment' | 'per_order';
  billingAddress: unknown;
  currency: string;
  clientFirstName: string;
  clientLastName: string;
  clientCompany: string | null;
}

export interface ShipmentForBill {
  id: number;
  orderId: number;
  sequence: number;
  status: string;
  address: unknown;
  supplyType: 'intra_state' | 'inter_state';
}

export interface ShippedLine {
  shipmentId: number;
  orderLineId: number;
  productId: number;
  sku: string;
  name: string;
  unit: BillLineRow['unit'];
  hsnCode: string;
  gstRate: number;
  unitPricePaise: number;
  quantity: number;
}

export interface ReturnForCredit {
  id: number;
  shipmentId: number;
  orderId: number;
  reason: string;
}

export interface TaxByRateRow {
  gstRate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** The list's money: null when more than BILL_COUNT_CAP bills match (not read). */
export type BillMoney = { [K in keyof BillTotalsRow]: number | null };

export interface BillTotalsRow {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** A bill's sign and money, as the totals' matches select them (`billMoney` sums them). */
const moneyColumns = sql`${sign} as sign, ${shopBills.status} as status, ${shopBills.taxablePaise} as taxable_paise,
  ${shopBills.cgstPaise} as cgst_paise, ${shopBills.sgstPaise} as sgst_paise,
  ${shopBills.igstPaise} as igst_paise, ${shopBills.totalPaise} as total_paise`;

/** One money column of `moneyColumns` summed: issued invoices add, credit notes subtract, cancelled left out. */
function billMoney(column: string): SQL {
  return sql.raw(`coalesce(sum(sign * ${column}) filter (where status = 'issued'), 0)::text`);
}

/** The money of `moneyColumns`' rows as one select list, each sum named as `BillTotalsRow`'s key. */
const moneySums = sql`${billMoney('taxable_paise')} as "taxablePaise", ${billMoney('cgst_paise')} as "cgstPaise",
  ${billMoney('sgst_paise')} as "sgstPaise", ${billMoney('igst_paise')} as "igstPaise",
  ${billMoney('total_paise')} as "totalPaise"`;

type MoneyText = Record<keyof BillTotalsRow, string>;

/** The list's totals from `moneySums`' columns as read; null money (past the cap) leaves every sum null. */
function billTotalsOf(
  matched: number,
  money: Partial<Record<keyof BillTotalsRow, string | number>> | null | undefined,
): BillMoney & { matched: number } {
  const read = (key: keyof BillTotalsRow) => (money === null ? null : Number(money?.[key] ?? 0));
  return {
    matched,
    taxablePaise: read('taxablePaise'),
    cgstPaise: read('cgstPaise'),
    sgstPaise: read('sgstPaise'),
    igstPaise: read('igstPaise'),
    totalPaise: read('totalPaise'),
  };
}

/** A bill as the list selects it: the row, its client and its order's number (`flatten`). */
const listColumns = {
  bill: shopBills,
  clientFirstName: users.firstName,
  clientLastName: users.lastName,
  clientCompany: users.company,
  orderNumber: shopOrders.orderNumber,
};

/** A page of a rare term's matches: the list's columns, the matches' count and their money. */
const fewMatchesColumns = Object.assign({}, listColumns, {
  n: pageIdsCount,
  money: sql<MoneyText | null>`page_ids.money`,
});

/** Bills, credit notes and their gapless series. */
export class ShopBillsRepository {
  private searchSample: SearchSample | undefined;
  /** The rare term's one statement, built once per shape of filter (`StatementsByShape`). */
  private readonly fewMatchesStatements = new StatementsByShape<
    Array<BillListColumns & { n: number; money: MoneyText | null }>
  >();

  constructor(private readonly db: Executor) {}

  // ------------------------------------------------------------ numbering

  /**
   * The next number of a series, taken inside the bill's own transaction: the upsert locks the
   * series row until the transaction ends, so concurrent issuers queue on it and each gets the next
   * number; a transaction that rolls back gives its number back with it. No gap, no duplicate.
   */
  async nextNumber(kind: BillKind, financialYear: string): Promise<number> {
    const [row] = await this.db
      .insert(shopBillSeries)
      .values({ kind, financialYear, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [shopBillSeries.kind, shopBillSeries.financialYear],
        set: { lastNumber: sql`${shopBillSeries.lastNumber} + 1` },
      })
      .returning({ lastNumber: shopBillSeries.lastNumber });
    return row!.lastNumber;
  }

  // ------------------------------------------------------------ what a bill is made of

  async orderForBill(orderId: number): Promise<OrderForBill | undefined> {
    const [row] = await this.db
      .select({
        id: shopOrders.id,
        orderNumber: shopOrders.orderNumber,
        clientId: shopOrders.clientId,
        billingMode: shopOrders.billingMode,
        billingAddress: shopOrders.billingAddress,
        currency: shopOrders.currency,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientCompany: users.company,
      })
      .from(shopOrders)
      .innerJoin(users, eq(users.id, shopOrders.clientId))
      .where(eq(shopOrders.id, orderId));
    return row;
  }

  /** The shipments of an order (locked: two issuers of the same shipment queue here). */
  async shipmentsForBill(orderId: number, shipmentIds?: number[]): Promise<ShipmentForBill[]> {
    return this.db
      .select({
        id: shopShipments.id,
        orderId: shopShipments.orderId,
        sequence: shopShipments.sequence,
        status: shopShipments.status,
        address: shopShipments.address,
        supplyType: shopShipments.supplyType,
      })
      .from(shopShipments)
      .where(
        and(
          eq(shopShipments.orderId, orderId),
          shipmentIds ? inArray(shopShipments.id, shipmentIds) : undefined,
        ),
      )
      .orderBy(asc(shopShipments.sequence))
      .for('update');
  }

  /** Shipment ids among `shipmentIds` that an issued invoice already covers. */
  async billedShipmentIds(shipmentIds: number[]): Promise<number[]> {
    if (!shipmentIds.length) return [];
    const rows = await this.db
      .selectDistinct({ shipmentId: shopBillShipments.shipmentId })
      .from(shopBillShipments)
      .innerJoin(shopBills, eq(shopBills.id, shopBillShipments.billId))
      .where(
        and(
          inArray(shopBillShipments.shipmentId, shipmentIds),
          eq(shopBills.kind, 'invoice'),
          eq(shopBills.status, 'issued'),
        ),
      );
    return rows.map((r) => r.shipmentId);
  }

  async shippedLines(shipmentIds: number[]): Promise<ShippedLine[]> {
    return this.db
      .select({
        shipmentId: shopShipmentLines.shipmentId,
        orderLineId: shopShipmentLines.orderLineId,
        productId: shopOrderLines.productId,
        sku: shopOrderLines.sku,
        name: shopOrderLines.name,
        unit: shopOrderLines.unit,
        hsnCode: shopOrderLines.hsnCode,
        gstRate: shopOrderLines.gstRate,
        unitPricePaise: shopOrderLines.unitPricePaise,
        quantity: shopShipmentLines.quantity,
      })
      .from(shopShipmentLines)
      .innerJoin(shopOrderLines, eq(shopOrderLines.id, shopShipmentLines.orderLineId))
      .where(inArray(shopShipmentLines.shipmentId, shipmentIds))
      .orderBy(asc(shopOrderLines.id), asc(shopShipmentLines.shipmentId));
  }

  async returnForCredit(returnId: number): Promise<ReturnForCredit | undefined> {
    const [row] = await this.db
      .select({
        id: shopReturns.id,
        shipmentId: shopReturns.shipmentId,
        orderId: shopShipments.orderId,
        reason: shopReturns.reason,
      })
      .from(shopReturns)
      .innerJoin(shopShipments, eq(shopShipments.id, shopReturns.shipmentId))
      .where(eq(shopReturns.id, returnId));
    return row;
  }

  async returnedLines(returnId: number): Promise<ShippedLine[]> {
    return this.db
      .select({
        shipmentId: shopShipmentLines.shipmentId,
        orderLineId: shopShipmentLines.orderLineId,
        productId: shopOrderLines.productId,
        sku: shopOrderLines.sku,
        name: shopOrderLines.name,
        unit: shopOrderLines.unit,
        hsnCode: shopOrderLines.hsnCode,
        gstRate: shopOrderLines.gstRate,
        unitPricePaise: shopOrderLines.unitPricePaise,
        quantity: shopReturnLines.quantity,
      })
      .from(shopReturnLines)
      .innerJoin(shopShipmentLines, eq(shopShipmentLines.id, shopReturnLines.shipmentLineId))
      .innerJoin(shopOrderLines, eq(shopOrderLines.id, shopShipmentLines.orderLineId))
      .where(eq(shopReturnLines.returnId, returnId))
      .orderBy(asc(shopOrderLines.id));
  }

  /** The issued invoice covering a shipment (the newest, should there ever be more). */
  async issuedInvoiceFor(shipmentId: number): Promise<BillRow | undefined> {
    const [row] = await this.db
      .select({ bill: shopBills })
      .from(shopBills)
      .innerJoin(shopBillShipments, eq(shopBillShipments.billId, shopBills.id))
      .where(
        and(
          eq(shopBillShipments.shipmentId, shipmentId),
          eq(shopBills.kind, 'invoice'),
          eq(shopBills.status, 'issued'),
        ),
      )
      .orderBy(desc(shopBills.id))
      .limit(1);
    return row?.bill;
  }

  // ------------------------------------------------------------ writing

  async insertBill(
    bill: NewBillRow,
    lines: Array<Omit<typeof shopBillLines.$inferInsert, 'billId'>>,
    shipmentIds: number[],
  ): Promise<BillRow> {
    const [row] = await this.db.insert(shopBills).values(bill).returning();
    if (lines.length)
      await this.db.insert(shopBillLines).values(lines.map((l) => withFields(l, { billId: row!.id })));
    if (shipmentIds.length)
      await this.db
        .insert(shopBillShipments)
        .values(shipmentIds.map((shipmentId) => ({ billId: row!.id, shipmentId })));
    return row!;
  }

  async markCancelled(id: number, at: Date, reason: string): Promise<BillRow> {
    const [row] = await this.db
      .update(shopBills)
      .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason })
      .where(eq(shopBills.id, id))
      .returning();
    return row!;
  }

  // ------------------------------------------------------------ reading one

  async billForUpdate(id: number): Promise<BillRow | undefined> {
    const [row] = await this.db.select().from(shopBills).where(eq(shopBills.id, id)).for('update');
    return row;
  }

  async billRow(id: number): Promise<BillListRow | undefined> {
    const [row] = await this.selectList().where(eq(shopBills.id, id));
    return row ? flatten(row) : undefined;
  }

  async lines(billId: number): Promise<BillLineRow[]> {
    return this.db
      .select()
      .from(shopBillLines)
      .where(eq(shopBillLines.billId, billId))
      .orderBy(asc(shopBillLines.lineNumber));
  }

  async shipmentIdsOf(billId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: shopBillShipments.shipmentId })
      .from(shopBillShipments)
      .where(eq(shopBillShipments.billId, billId))
      .orderBy(asc(shopBillShipments.shipmentId));
    return rows.map((r) => r.id);
  }

  async numberOf(billId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ billNumber: shopBills.billNumber })
      .from(shopBills)
      .where(eq(shopBills.id, billId));
    return row?.billNumber;
  }

  /** Issued credit notes answering a bill. */
  async issuedCreditNotesFor(billId: number): Promise<Array<{ id: number; billNumber: string }>> {
    return this.db
      .select({ id: shopBills.id, billNumber: shopBills.billNumber })
      .from(shopBills)
      .where(and(eq(shopBills.creditNoteForId, billId), eq(shopBills.status, 'issued')))
      .orderBy(asc(shopBills.id));
  }

  // ------------------------------------------------------------ lists

  private selectList() {
    return this.db
      .select(listColumns)
      .from(shopBills)
      .innerJoin(users, eq(users.id, shopBills.clientId))
      .innerJoin(shopOrders, eq(shopOrders.id, shopBills.orderId));
  }

  /**
   * A search the sample says is rare, in relevance order (issue 22, docs/search.md): its matches
   * ranked as the arms rank them (the exact number in any case, numbers starting with the term, the
   * rest, newest first within each), the page's rows, and the count and money of them all, in one
   * statement instead of the arms' page and then the totals' pass. Undefined when the estimate is
   * over FEW_MATCHES, the statement found more (a stale sample), or a page past the last left the
   * count unknown: the arms and the capped totals answer those.
   */
  async fewMatchesList(
    query: BillListQuery,
  ): Promise<{ rows: BillListRow[]; totals: BillMoney & { matched: number } } | undefined> {
    const term = (query.search ?? '').trim().toLowerCase();
    this.searchSample ??= new SearchSample(this.db, sql`${shopBills}`, sql`${shopBills.searchText}`);
    if (!term || (await this.searchSample.matchesAtMost([term])) > FEW_MATCHES) return undefined;
    const offset = (query.page - 1) * query.limit;
    const number = sql`lower(${shopBills.billNumber})`;
    // Built once per shape of filter (`StatementsByShape`): each value below is bound.
    const found = await this.fewMatchesStatements.run(
      (bind) =>
        firstMatchesPage({
          matched: sql`
        select ${shopBills.id} as id, ${shopBills.issuedOn} as issued_on, ${moneyColumns},
               case when ${number} = ${bind('term', term)} then 0
                    when ${number} like ${bind('prefix', `${escapeLike(term)}%`)} then 1 else 2 end as rank
        from ${shopBills} where ${this.where(query, bind)}`,
          order: sql`rank, issued_on desc, id desc`,
          carried: sql`(select json_build_object(
          'taxablePaise', m."taxablePaise", 'cgstPaise', m."cgstPaise", 'sgstPaise', m."sgstPaise",
          'igstPaise', m."igstPaise", 'totalPaise', m."totalPaise")
        from (select ${moneySums} from first_matches) as m) as money`,
          cap: FEW_MATCHES,
          limit: bind('limit', query.limit),
          offset: bind('offset', offset),
        }),
      (ids) =>
        this.db
          .select(fewMatchesColumns)
          .from(shopBills)
          .innerJoin(users, eq(users.id, shopBills.clientId))
          .innerJoin(shopOrders, eq(shopOrders.id, shopBills.orderId))
          .innerJoin(ids, onPageId(shopBills.id))
          .orderBy(pageIdsOrder),
    );
    const matched = this.searchSample.fewMatchesTotal(found, offset === 0);
    if (matched === undefined) return undefined;
    return { rows: found.map(flatten), totals: billTotalsOf(matched, found[0]?.money) };
  }

  private where(filter: BillFilter, bind: Bind = asValue): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.start_date) conditions.push(gte(shopBills.issuedOn, bind('startDate', filter.start_date)));
    if (filter.end_date) conditions.push(lte(shopBills.issuedOn, bind('endDate', filter.end_date)));
    if (filter.id) {
      const value = filter.id.trim();
      // Digits: the bill's id; anything else: its number, in any letter case.
      if (/^\d{1,9}$/.test(value)) conditions.push(eq(shopBills.id, bind('billId', Number(value))));
      else conditions.push(eq(shopBills.billNumber, bind('billNumber', value.toUpperCase())));
    }
    if (filter.client_id) conditions.push(eq(shopBills.clientId, bind('clientId', filter.client_id)));
    if (filter.kind) conditions.push(eq(shopBills.kind, bind('kind', filter.kind)));
    if (filter.status) conditions.push(eq(shopBills.status, bind('status', filter.status)));
    if (filter.search)
      conditions.push(
        sql`${shopBills.searchText} like ${bind('contains', containsPattern(filter.search.toLowerCase()))}`,
      );
    return conditions.length ? and(...conditions) : undefined;
  }

  async list(query: BillListQuery): Promise<BillListRow[]> {
    const offset = (query.page - 1) * query.limit;
    if (!query.sort && query.search) {
      // The ranked ids and their rows in one statement (`pageIds`).
      const rows = await this.selectList()
        .innerJoin(pageIds(this.relevancePageIds(query, offset, query.limit)), onPageId(shopBills.id))
        .orderBy(pageIdsOrder);
      return rows.map(flatten);
    }
    const { field, desc: descending } = parseSort<BillSortField>(query.sort, 'issuedOn');
    const order = query.sort
      ? [indexOrder(BILL_SORT[field], descending), indexOrder(shopBills.id, descending)]
      : [indexOrder(shopBills.issuedOn, true), indexOrder(shopBills.id, true)];
    const rows = await this.selectList()
      .where(this.where(query))
      .orderBy(...order)
      .limit(query.limit)
      .offset(offset);
    return rows.map(flatten);
  }

  /**
   * The page's ids in relevance order: the exact bill number in any letter case (rank 0), then
   * numbers starting with the term (1), then every other match (2), newest first within a rank.
   * Each rank is its own arm cut at offset + limit rows: the first two through
   * `shop_bills_number_prefix_idx`, the rest through the trigram index (a rare term) or the issue
   * date index read backwards until enough bills match (a common one). One statement ranking every
   * match sorted all 20,000 bills behind a word in one client in five (issue 22).
   */
  private relevancePageIds(query: BillListQuery, offset: number, limit: number): SQL {
    const term = (query.search ?? '').trim().toLowerCase();
    const others = this.where(withFields(query, { search: undefined }));
    const within = (condition: SQL) => (others ? and(condition, others)! : condition);
    return rankedPageIds({
      table: shopBills,
      id: shopBills.id,
      sortKey: shopBills.issuedOn,
      exact: within(sql`lower(${shopBills.billNumber}) = ${term}`),
      prefix: within(sql`lower(${shopBills.billNumber}) like ${`${escapeLike(term)}%`}`),
      rest: this.where(query)!,
      armOrder: sql`${indexOrder(shopBills.issuedOn, true)}, ${indexOrder(shopBills.id, true)}`,
      offset,
      limit,
    });
  }

  /** Every match, counted (the export's progress). */
  async count(filter: BillFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopBills)
      .where(this.where(filter));
    return row?.n ?? 0;
  }

  /**
   * How many bills match, to CAP + 1, and the money of the filtered set (issued invoices minus
   * issued credit notes, cancelled left out) when they are no more than CAP, in one bounded pass
   * over the first CAP + 1 matches (issue 22): past the cap the money is null, since a sum of some
   * of the matches would mislead. Before, the sums read every match: a word in 20,000 bills read
   * them all. The scan is a materialized CTE so that it is planned without the LIMIT (as the sites'
   * capped count).
   */
  async totals(filter: BillFilter): Promise<BillMoney & { matched: number }> {
    const where = this.where(filter);
    const [row] = rowsOf<Record<'matched' | keyof BillTotalsRow, string | number>>(
      await this.db.execute(sql`
        with matched as materialized (
          select ${moneyColumns} from ${shopBills} ${where ? sql`where ${where}` : sql``}
        )
        select count(*)::int as "matched", ${moneySums}
        from (select * from matched limit ${BILL_COUNT_CAP + 1}) as first_matches`),
    );
    const matched = Number(row?.matched ?? 0);
    return billTotalsOf(matched, matched > BILL_COUNT_CAP ? null : row);
  }

  /**
   * One keyset page of the export: the filtered bills after `afterId`, in id order, with only the
   * columns the sheet shows (not the seller, buyer and ship-to documents).
   */
  async batchAfter(filter: BillFilter, afterId: number, size: number): Promise<BillExportRow[]> {
    return this.db
      .select({
        id: shopBills.id,
        billNumber: shopBills.billNumber,
        kind: shopBills.kind,
        status: shopBills.status,
        issuedOn: shopBills.issuedOn,
        buyerGstin: shopBills.buyerGstin,
        placeOfSupply: shopBills.placeOfSupply,
        taxablePaise: shopBills.taxablePaise,
        cgstPaise: shopBills.cgstPaise,
        sgstPaise: shopBills.sgstPaise,
        igstPaise: shopBills.igstPaise,
        roundOffPaise: shopBills.roundOffPaise,
        totalPaise: shopBills.totalPaise,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientCompany: users.company,
        orderNumber: shopOrders.orderNumber,
      })
      .from(shopBills)
      .innerJoin(users, eq(users.id, shopBills.clientId))
      .innerJoin(shopOrders, eq(shopOrders.id, shopBills.orderId))
      .where(and(this.where(filter), gt(shopBills.id, afterId)))
      .orderBy(asc(shopBills.id))
      .limit(size);
  }

  /** Per GST rate over the filtered set's lines: invoices add, credit notes subtract, cancelled left out. */
  async taxByRate(filter: BillFilter): Promise<TaxByRateRow[]> {
    const rows = await this.db
      .select({
        gstRate: shopBillLines.gstRate,
        taxablePaise: sql<string>`sum(${sign} * ${shopBillLines.taxablePaise})`,
        cgstPaise: sql<string>`sum(${sign} * ${shopBillLines.cgstPaise})`,
        sgstPaise: sql<string>`sum(${sign} * ${shopBillLines.sgstPaise})`,
        igstPaise: sql<string>`sum(${sign} * ${shopBillLines.igstPaise})`,
      })
      .from(shopBillLines)
      .innerJoin(shopBills, eq(shopBills.id, shopBillLines.billId))
      .where(and(this.where(filter), eq(shopBills.status, 'issued')))
      .groupBy(shopBillLines.gstRate)
      .orderBy(asc(shopBillLines.gstRate));
    return rows.map((r) => ({
      gstRate: r.gstRate,
      taxablePaise: Number(r.taxablePaise),
      cgstPaise: Number(r.cgstPaise),
      sgstPaise: Number(r.sgstPaise),
      igstPaise: Number(r.igstPaise),
    }));
  }

  /** Taxable value of invoices minus credit notes issued from `from` to before `until`, cancelled ones left out. */
  async netTaxable(from: string, until: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${sign} * ${shopBills.taxablePaise}), 0)` })
      .from(shopBills)
      .where(
        and(gte(shopBills.issuedOn, from), lt(shopBills.issuedOn, until), ne(shopBills.status, 'cancelled')),
      );
    return Number(row?.total ?? 0);
  }
}

/** A bill as the list selects it (`listColumns`), before `flatten`. */
interface BillListColumns {
  bill: BillRow;
  clientFirstName: string;
  clientLastName: string;
  clientCompany: string | null;
  orderNumber: string;
}

function flatten(row: BillListColumns): BillListRow {
  return withFields(row.bill, {
    clientFirstName: row.clientFirstName,
    clientLastName: row.clientLastName,
    clientCompany: row.clientCompany,
    orderNumber: row.orderNumber,
  });
}
