import {
  type AddressSnapshot,
  amountInWords,
  BILL_SERIES_MAX,
  type Bill,
  type BillCancelBody,
  type BillExportQuery,
  type BillKind,
  type BillLine,
  type BillListItem,
  type BillListQuery,
  type BillListResponse,
  type BillMutationResponse,
  type BillRateTotal,
  type BillSeller,
  financialYearOf,
  formatBillNumber,
  type GstRate,
  isValidIsoDate,
  type OrganisationSettings,
  type OrganisationSettingsResponse,
  SHOP_CURRENCY,
  type SupplyType,
  stateCodeOf,
  taxLine,
  totalTaxes,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { FileStorage } from '../../core/files/file-storage.js';
import { paginationOf } from '../../core/paging.js';
import { loadPdfLogo } from '../../core/pdf.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import type { NotificationsService } from '../notifications/index.js';
import { billFileName, renderBillPdf } from './bill-pdf.js';
import {
  BILL_COUNT_CAP,
  type BillExportRow,
  type BillLineRow,
  type BillListRow,
  type ShippedLine,
  ShopBillsRepository,
  type TaxByRateRow,
} from './shop-bills.repository.js';

/** Only the organisation read bills need (the seller, the time zone), read inside a transaction. */
export interface OrganisationReader {
  organisation(executor?: Executor): Promise<OrganisationSettingsResponse>;
}

export interface IssueForShipmentsInput {
  orderId: number;
  /** One shipment (per-shipment billing) or every shipment of the order (per-order billing). */
  shipmentIds: number[];
  /** YYYY-MM-DD, the day of issue in the organisation's time zone (decides the financial year). */
  issuedOn: string;
  actorId: number | null;
}

export interface IssueCreditNoteInput {
  returnId: number;
  issuedOn: string;
  actorId: number | null;
}

export interface IssuedBill {
  id: number;
  billNumber: string;
}

export interface BillExport extends PreparedExport<BillExportRow> {
  /** The "Tax by rate" sheet, read after the bills were streamed (one grouped query). */
  taxByRate(): Promise<TaxByRateRow[]>;
}

/** A calendar day (YYYY-MM-DD) of `instant` in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The first day of the month after the one `isoDay` is in. */
function nextMonthStart(isoDay: string): string {
  const year = Number(isoDay.slice(0, 4));
  const month = Number(isoDay.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

const KIND_LABEL: Record<BillKind, string> = { invoice: 'Bill', credit_note: 'Credit note' };

export function sellerOf(organisation: OrganisationSettings): BillSeller {
  return {
    companyName: organisation.companyName,
    gstin: organisation.gstin,
    addressLine1: organisation.addressLine1,
    addressLine2: organisation.addressLine2,
    city: organisation.city,
    state: organisation.state,
    stateCode: stateCodeOf(organisation.state),
    pincode: organisation.pincode,
    phone: organisation.phone,
    email: organisation.email,
  };
}

function clientName(row: { clientFirstName: string; clientLastName: string }): string {
  return `${row.clientFirstName} ${row.clientLastName}`.trim();
}

export function shipmentNumber(orderNumber: string, sequence: number): string {
  return `${orderNumber}/${sequence}`;
}

/** Lines of the same order line (several shipments of a per-order bill) become one bill line. */
function mergeLines(lines: ShippedLine[]): ShippedLine[] {
  const merged = new Map<number, ShippedLine>();
  for (const line of lines) {
    const seen = merged.get(line.orderLineId);
    if (seen) seen.quantity += line.quantity;
    else merged.set(line.orderLineId, { ...line });
  }
  return [...merged.values()];
}

function rateTotalsOf(lines: BillLineRow[]): BillRateTotal[] {
  const totals = totalTaxes(
    lines.map((l) => ({
      gstRate: l.gstRate,
      taxablePaise: l.taxablePaise,
      cgstPaise: l.cgstPaise,
      sgstPaise: l.sgstPaise,
      igstPaise: l.igstPaise,
      taxPaise: l.cgstPaise + l.sgstPaise + l.igstPaise,
      totalPaise: l.totalPaise,
    })),
  );
  return totals.byRate.map((r) => withFields(r, { gstRate: r.gstRate as GstRate }));
}

export function toListItem(row: BillListRow): BillListItem {
  return {
    id: row.id,
    billNumber: row.billNumber,
    kind: row.kind,
    status: row.status,
    issuedOn: row.issuedOn,
    client: { id: row.clientId, name: clientName(row), company: row.clientCompany },
    buyerGstin: row.buyerGstin,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    placeOfSupply: row.placeOfSupply,
    supplyType: row.supplyType,
    taxablePaise: row.taxablePaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    igstPaise: row.igstPaise,
    roundOffPaise: row.roundOffPaise,
    totalPaise: row.totalPaise,
    currency: SHOP_CURRENCY,
  };
}

function toLine(row: BillLineRow): BillLine {
  return {
    lineNumber: row.lineNumber,
    productId: row.productId,
    sku: row.sku,
    description: row.description,
    hsnCode: row.hsnCode,
    unit: row.unit,
    quantity: row.quantity,
    unitPricePaise: row.unitPricePaise,
    gstRate: row.gstRate as GstRate,
    taxablePaise: row.taxablePaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    igstPaise: row.igstPaise,
    totalPaise: row.totalPaise,
  };
}

interface BillDraft {
  kind: BillKind;
  orderId: number;
  orderNumber: string;
  clientId: number;
  clientLabel: string;
  issuedOn: string;
  seller: BillSeller;
  buyer: AddressSnapshot;
  shipTo: AddressSnapshot;
  supplyType: SupplyType;
  lines: ShippedLine[];
  shipmentIds: number[];
  creditNoteForId: number | null;
  returnId: number | null;
  actorId: number | null;
}

/**
 * Bills (GST tax invoices) and credit notes (docs/shop-bills.md). The orders module issues them
 * inside its own transactions (`issueForShipments` when a shipment ships, `issueCreditNote` for a
 * return); administrators list, read, print, export and cancel them.
 */
export class ShopBillsService {
  private readonly repo: ShopBillsRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: OrganisationReader,
    private readonly notifications: NotificationsService,
    private readonly fileStorage: FileStorage,
  ) {
    this.repo = new ShopBillsRepository(db);
  }

  // ------------------------------------------------------------ issuing (inside the caller's transaction)

  /**
   * Issues the invoice for shipments of one order, in the caller's transaction: lines at the order's
   * prices, tax by the shipment's supply type, the seller from the organisation settings, the buyer
   * from the order's billing address, the next number of the year's series. The shipments must not
   * be cancelled nor already covered by an issued invoice (409), and must share one place of supply.
   */
  async issueForShipments(tx: Executor, input: IssueForShipmentsInput): Promise<IssuedBill> {
    const ids = [...new Set(input.shipmentIds)];
    if (!ids.length)
      throw AppError.validation([{ field: 'shipmentIds', message: 'Name at least one shipment' }]);
    this.checkIssueDate(input.issuedOn);
    const repo = new ShopBillsRepository(tx);
    const order = await repo.orderForBill(input.orderId);
    if (!order) throw AppError.notFound('Order');
    const shipments = await repo.shipmentsForBill(order.id, ids);
    if (shipments.length !== ids.length) throw AppError.notFound('Shipment');
    const label = (s: { sequence: number }) => shipmentNumber(order.orderNumber, s.sequence);
    const cancelled = shipments.find((s) => s.status === 'cancelled');
    if (cancelled)
      throw AppError.conflict('shipmentId', `Shipment ${label(cancelled)} is cancelled: it is not billed`);
    const billed = new Set(await repo.billedShipmentIds(ids));
    const already = shipments.find((s) => billed.has(s.id));
    if (already)
      throw AppError.conflict('shipmentId', `Shipment ${label(already)} already has an issued bill`);
    const first = shipments[0]!;
    const shipTo = first.address as AddressSnapshot;
    if (
      shipments.some(
        (s) => s.supplyType !== first.supplyType || (s.address as AddressSnapshot).state !== shipTo.state,
      )
    )
      throw AppError.conflict('shipmentIds', 'One bill covers shipments to one place of supply only');
    const lines = mergeLines(await repo.shippedLines(ids));
    if (!lines.length) throw AppError.conflict('shipmentId', `Shipment ${label(first)} has no lines to bill`);
    const { organisation } = await this.settings.organisation(tx);
    return this.insert(tx, {
      kind: 'invoice',
      orderId: order.id,
      orderNumber: order.orderNumber,
      clientId: order.clientId,
      clientLabel: [clientName(order), order.clientCompany].filter(Boolean).join(' '),
      issuedOn: input.issuedOn,
      seller: sellerOf(organisation),
      buyer: order.billingAddress as AddressSnapshot,
      shipTo,
      supplyType: first.supplyType,
      lines,
      shipmentIds: shipments.map((s) => s.id),
      creditNoteForId: null,
      returnId: null,
      actorId: input.actorId,
    });
  }

  /**
   * A credit note for the units of a return, at the prices and supply type of the shipment's issued
   * invoice (it names that invoice), in the caller's transaction. Null when the shipment has no
   * issued invoice (nothing was billed, so nothing is credited).
   */
  async issueCreditNote(tx: Executor, input: IssueCreditNoteInput): Promise<IssuedBill | null> {
    this.checkIssueDate(input.issuedOn);
    const repo = new ShopBillsRepository(tx);
    const returned = await repo.returnForCredit(input.returnId);
    if (!returned) throw AppError.notFound('Return');
    const invoice = await repo.issuedInvoiceFor(returned.shipmentId);
    if (!invoice) return null;
    const order = await repo.orderForBill(invoice.orderId);
    if (!order) throw AppError.notFound('Order');
    const lines = await repo.returnedLines(returned.id);
    if (!lines.length) throw AppError.conflict('lines', 'The return has no lines to credit');
    const { organisation } = await this.settings.organisation(tx);
    return this.insert(tx, {
      kind: 'credit_note',
      orderId: order.id,
      orderNumber: order.orderNumber,
      clientId: order.clientId,
      clientLabel: [clientName(order), order.clientCompany].filter(Boolean).join(' '),
      issuedOn: input.issuedOn,
      seller: sellerOf(organisation),
      buyer: invoice.buyer as AddressSnapshot,
      shipTo: invoice.shipTo as AddressSnapshot,
      supplyType: invoice.supplyType,
      lines: mergeLines(lines),
      shipmentIds: [returned.shipmentId],
      creditNoteForId: invoice.id,
      returnId: returned.id,
      actorId: input.actorId,
    });
  }

  private checkIssueDate(issuedOn: string): void {
    if (!isValidIsoDate(issuedOn))
      throw AppError.validation([{ field: 'issuedOn', message: 'Issued on must be a date (YYYY-MM-DD)' }]);
  }

  /** Taxes the lines, takes the next number of the series and writes the bill with its audit event. */
  private async insert(tx: Executor, draft: BillDraft): Promise<IssuedBill> {
    const repo = new ShopBillsRepository(tx);
    const taxed = draft.lines.map((line) => ({
      line,
      tax: taxLine(
        { unitPricePaise: line.unitPricePaise, quantity: line.quantity, gstRate: line.gstRate },
        draft.supplyType,
      ),
    }));
    const totals = totalTaxes(taxed.map(({ line, tax }) => withFields(tax, { gstRate: line.gstRate })));
    const financialYear = financialYearOf(draft.issuedOn);
    const sequence = await repo.nextNumber(draft.kind, financialYear);
    if (sequence > BILL_SERIES_MAX)
      throw AppError.conflict(
        'billNumber',
        `The ${financialYear} series of ${KIND_LABEL[draft.kind].toLowerCase()}s is full (${BILL_SERIES_MAX.toLocaleString('en-IN')} numbers)`,
      );
    const billNumber = formatBillNumber(draft.kind, financialYear, sequence);
    const row = await repo.insertBill(
      {
        billNumber,
        kind: draft.kind,
        financialYear,
        sequence,
        status: 'issued',
        orderId: draft.orderId,
        clientId: draft.clientId,
        creditNoteForId: draft.creditNoteForId,
        returnId: draft.returnId,
        issuedOn: draft.issuedOn,
        seller: draft.seller,
        buyer: draft.buyer,
        shipTo: draft.shipTo,
        placeOfSupply: draft.shipTo.state,
        supplyType: draft.supplyType,
        buyerGstin: draft.buyer.gstin ?? null,
        taxablePaise: totals.taxablePaise,
        cgstPaise: totals.cgstPaise,
        sgstPaise: totals.sgstPaise,
        igstPaise: totals.igstPaise,
        roundOffPaise: totals.roundOffPaise,
        totalPaise: totals.totalPaise,
        amountInWords: amountInWords(totals.totalPaise),
        searchText: [billNumber, draft.orderNumber, draft.clientLabel].join(' ').toLowerCase(),
        createdBy: draft.actorId,
        createdAt: this.clock.now(),
      },
      taxed.map(({ line, tax }, index) => ({
        lineNumber: index + 1,
        productId: line.productId,
        sku: line.sku,
        description: line.name,
        hsnCode: line.hsnCode,
        unit: line.unit,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        gstRate: line.gstRate,
        taxablePaise: tax.taxablePaise,
        cgstPaise: tax.cgstPaise,
        sgstPaise: tax.sgstPaise,
        igstPaise: tax.igstPaise,
        totalPaise: tax.totalPaise,
      })),
      draft.shipmentIds,
    );
    await recordAudit(tx, {
      actorId: draft.actorId,
      action: draft.kind === 'invoice' ? 'shop_bill.issued' : 'shop_bill.credit_note_issued',
      entityType: 'shop_bill',
      entityId: row.id,
      after: {
        billNumber,
        kind: draft.kind,
        orderId: draft.orderId,
        shipmentIds: draft.shipmentIds,
        creditNoteForId: draft.creditNoteForId,
        returnId: draft.returnId,
        issuedOn: draft.issuedOn,
        supplyType: draft.supplyType,
        taxablePaise: totals.taxablePaise,
        taxPaise: totals.taxPaise,
        totalPaise: totals.totalPaise,
      },
    });
    return { id: row.id, billNumber };
  }

  // ------------------------------------------------------------ reading

  async list(query: BillListQuery): Promise<BillListResponse> {
    const few = query.search && !query.sort ? await this.repo.fewMatchesList(query) : undefined;
    const [rows, { matched, ...money }] = few
      ? [few.rows, few.totals]
      : await Promise.all([this.repo.list(query), this.repo.totals(query)]);
    const capped = matched > BILL_COUNT_CAP;
    const total = Math.min(matched, BILL_COUNT_CAP);
    return {
      response: rows.map(toListItem),
      pagination: paginationOf(query, total, capped),
      totals: { count: total, countIsCapped: capped, ...money },
    };
  }

  async get(id: number, executor: Executor = this.db): Promise<Bill> {
    const repo = new ShopBillsRepository(executor);
    const row = await repo.billRow(id);
    if (!row) throw AppError.notFound('Bill');
    const [lines, shipmentIds, creditNoteForNumber] = await Promise.all([
      repo.lines(id),
      repo.shipmentIdsOf(id),
      row.creditNoteForId ? repo.numberOf(row.creditNoteForId) : Promise.resolve(undefined),
    ]);
    return withFields(toListItem(row), {
      financialYear: row.financialYear,
      seller: row.seller as BillSeller,
      buyer: row.buyer as AddressSnapshot,
      shipTo: row.shipTo as AddressSnapshot,
      shipmentIds,
      creditNoteFor:
        row.creditNoteForId && creditNoteForNumber
          ? { id: row.creditNoteForId, billNumber: creditNoteForNumber }
          : null,
      lines: lines.map(toLine),
      rateTotals: rateTotalsOf(lines),
      amountInWords: row.amountInWords,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      createdAt: row.createdAt.toISOString(),
    });
  }

  /**
   * The bill's PDF, ready to stream, and its file name. Only the logo and the date format come from
   * today's settings; the seller is the bill's own copy.
   */
  async pdf(id: number) {
    const bill = await this.get(id);
    const { organisation } = await this.settings.organisation();
    const logo = await loadPdfLogo(this.fileStorage, organisation.logoUrl);
    return { pdf: await renderBillPdf({ bill, organisation, logo }), fileName: billFileName(bill) };
  }

  /** Revenue this month (home): taxable value of invoices minus credit notes, in the organisation's time zone. */
  async homeFigures(): Promise<{ revenueThisMonthPaise: number }> {
    const { organisation } = await this.settings.organisation();
    const today = dayIn(this.clock.now(), organisation.timezone);
    const from = `${today.slice(0, 8)}01`;
    return { revenueThisMonthPaise: await this.repo.netTaxable(from, nextMonthStart(today)) };
  }

  // ------------------------------------------------------------ changing

  /**
   * Cancels a bill: it stays, marked cancelled, and its number is never reused. Refused (409) when it
   * is already cancelled, when an issued credit note answers it (cancel that first), or when its
   * financial year has ended (a credit note corrects a closed year's bill).
   */
  async cancel(
    auth: AuthContext,
    id: number,
    body: BillCancelBody,
    origin: RequestOrigin,
  ): Promise<BillMutationResponse> {
    const reason = body.reason.trim();
    const row = await this.db.transaction(async (tx) => {
      const repo = new ShopBillsRepository(tx);
      const bill = await repo.billForUpdate(id);
      if (!bill) throw AppError.notFound('Bill');
      const what = `${KIND_LABEL[bill.kind]} ${bill.billNumber}`;
      if (bill.status === 'cancelled') throw AppError.conflict('status', `${what} is already cancelled`);
      if (bill.kind === 'invoice') {
        const notes = await repo.issuedCreditNotesFor(bill.id);
        if (notes.length)
          throw AppError.conflict(
            'status',
            `Credit note ${notes.map((n) => n.billNumber).join(', ')} answers ${what}: cancel the credit note first`,
          );
      }
      const { organisation } = await this.settings.organisation(tx);
      const thisYear = financialYearOf(dayIn(this.clock.now(), organisation.timezone));
      if (thisYear !== bill.financialYear)
        throw AppError.conflict(
          'status',
          `${what} belongs to the closed financial year ${bill.financialYear}: issue a credit note instead`,
        );
      const cancelled = await repo.markCancelled(bill.id, this.clock.now(), reason);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'shop_bill.cancelled',
        entityType: 'shop_bill',
        entityId: bill.id,
        before: { billNumber: bill.billNumber, status: bill.status },
        after: { billNumber: bill.billNumber, status: cancelled.status, cancelReason: reason },
        ipAddress: origin.ip,
      });
      const who = `${auth.user.firstName} ${auth.user.lastName}`.trim();
      await this.notifications.notify(tx, {
        recipients: await this.notifications.adminRecipients(tx, [auth.userId]),
        type: 'bill.cancelled',
        title: `${what} cancelled`,
        body: `${who} cancelled ${KIND_LABEL[bill.kind].toLowerCase()} ${bill.billNumber}: ${reason}`,
        link: `/dashboard/shop/bills/${bill.id}`,
      });
      return cancelled;
    });
    return { bill: await this.get(row.id), message: `${KIND_LABEL[row.kind]} ${row.billNumber} cancelled` };
  }

  /**
   * A new bill for a shipped shipment whose bill was cancelled (per-order billing: one bill for every
   * shipped shipment of the order without an issued bill, once none is left to ship). 409 when the
   * shipment has not shipped or already has an issued bill.
   */
  async reissue(
    auth: AuthContext,
    orderId: number,
    shipmentId: number,
    origin: RequestOrigin,
  ): Promise<BillMutationResponse> {
    const issued = await this.db.transaction(async (tx) => {
      const repo = new ShopBillsRepository(tx);
      const order = await repo.orderForBill(orderId);
      if (!order) throw AppError.notFound('Order');
      const shipments = await repo.shipmentsForBill(order.id);
      const target = shipments.find((s) => s.id === shipmentId);
      if (!target) throw AppError.notFound('Shipment');
      const label = shipmentNumber(order.orderNumber, target.sequence);
      const shipped = (s: { status: string }) => s.status === 'shipped' || s.status === 'delivered';
      if (!shipped(target))
        throw AppError.conflict(
          'shipmentId',
          `Shipment ${label} has not shipped: it is billed when it ships`,
        );
      const billed = new Set(await repo.billedShipmentIds(shipments.map((s) => s.id)));
      if (billed.has(target.id))
        throw AppError.conflict('shipmentId', `Shipment ${label} already has an issued bill`);
      let ids = [target.id];
      if (order.billingMode === 'per_order') {
        const open = shipments.filter((s) => s.status !== 'cancelled' && !shipped(s));
        if (open.length)
          throw AppError.conflict(
            'shipmentId',
            `Order ${order.orderNumber} is billed once, when its last shipment ships`,
          );
        ids = shipments.filter((s) => shipped(s) && !billed.has(s.id)).map((s) => s.id);
      }
      const { organisation } = await this.settings.organisation(tx);
      const bill = await this.issueForShipments(tx, {
        orderId: order.id,
        shipmentIds: ids,
        issuedOn: dayIn(this.clock.now(), organisation.timezone),
        actorId: auth.userId,
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'shop_bill.reissued',
        entityType: 'shop_bill',
        entityId: bill.id,
        after: { billNumber: bill.billNumber, orderId: order.id, shipmentIds: ids },
        ipAddress: origin.ip,
      });
      return bill;
    });
    return { bill: await this.get(issued.id), message: `Bill ${issued.billNumber} issued` };
  }

  // ------------------------------------------------------------ export

  async startExport(auth: AuthContext, query: BillExportQuery, ip: string): Promise<BillExport> {
    const { format, ...filters } = query;
    const rowCount = await this.repo.count(filters);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'shop_bill',
      format,
      filters,
      rowCount,
    });
    const { organisation } = await this.settings.organisation();
    return {
      rowCount,
      date: dayIn(this.clock.now(), organisation.timezone),
      batches: keysetBatches(
        (after, size) => this.repo.batchAfter(filters, after, size),
        (row) => row.id,
      ),
      taxByRate: () => this.repo.taxByRate(filters),
    };
  }
}
