import {
  type AddressSnapshot,
  type Bill,
  type BillLine,
  type DateFormat,
  type OrganisationSettings,
  stateCodeOf,
} from '@inspecta/contract';
import type PDFDocument from 'pdfkit';
import { formatRupees, loadPdfKit, writePageFooters } from '../../core/pdf.js';

/*
 * The PDF of a bill or credit note (docs/shop-bills.md): text, never pictures of text, so the bill
 * number, GSTINs and amounts can be searched and copied. The seller, buyer and amounts are the
 * bill's own copies; only the logo and the date format come from today's settings.
 */

type Doc = InstanceType<typeof PDFDocument>;

const COLOURS = {
  ink: '#1f2933',
  muted: '#616e7c',
  rule: '#d9dee4',
  band: '#f1f4f7',
  brand: '#1c5d99',
  cancelled: '#c92a2a',
};
const MARGIN = 36;
const FOOTER_SPACE = 30;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function formatDay(isoDay: string, format: DateFormat): string {
  const [y, m, d] = isoDay.split('-');
  if (!y || !m || !d) return isoDay;
  if (format === 'DD/MM/YYYY') return `${d}/${m}/${y}`;
  if (format === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (format === 'D MMM YYYY') return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
  return isoDay;
}

function stateWithCode(state: string | null, code?: string | null): string {
  if (!state) return '—';
  const c = code ?? stateCodeOf(state);
  return c ? `${state} (${c})` : state;
}

function addressLines(address: AddressSnapshot): string[] {
  return [
    address.addressLine1,
    address.addressLine2,
    [address.city, address.district].filter(Boolean).join(', '),
    `${stateWithCode(address.state, address.stateCode)} ${address.pincode}`.trim(),
    address.phone ? `Phone ${address.phone}` : null,
  ].filter((line): line is string => !!line);
}

interface Column {
  key: string;
  heading: string;
  width: number;
  align: 'left' | 'right';
  value(line: BillLine): string;
}

export interface BillPdfInput {
  bill: Bill;
  organisation: OrganisationSettings;
  logo: Buffer | null;
}

class BillWriter {
  readonly doc: Doc;
  private readonly left = MARGIN;
  private readonly width: number;
  private readonly columns: Column[];

  constructor(
    PdfKit: typeof PDFDocument,
    private readonly input: BillPdfInput,
  ) {
    const { bill } = input;
    this.doc = new PdfKit({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: `${this.title} ${bill.billNumber}`,
        Author: bill.seller.companyName,
        Subject: `${this.title} ${bill.billNumber} for order ${bill.orderNumber}`,
        Creator: 'Inspecta',
      },
    });
    this.width = this.doc.page.width - MARGIN * 2;
    this.columns = this.lineColumns();
  }

  private get title(): string {
    return this.input.bill.kind === 'credit_note' ? 'CREDIT NOTE' : 'TAX INVOICE';
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private ensure(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.doc.addPage();
    return true;
  }

  private lineColumns(): Column[] {
    const intra = this.input.bill.supplyType === 'intra_state';
    const money = (key: string, heading: string, width: number, value: (l: BillLine) => number): Column => ({
      key,
      heading,
      width,
      align: 'right',
      value: (l) => formatRupees(value(l)),
    });
    const fixed: Column[] = [
      { key: 'n', heading: '#', width: 18, align: 'left', value: (l) => String(l.lineNumber) },
      {
        key: 'description',
        heading: 'Description',
        width: 0,
        align: 'left',
        value: (l) => `${l.description}\n${l.sku}`,
      },
      { key: 'hsn', heading: 'HSN', width: 48, align: 'left', value: (l) => l.hsnCode },
      { key: 'qty', heading: 'Qty', width: 34, align: 'right', value: (l) => String(l.quantity) },
      { key: 'unit', heading: 'Unit', width: 34, align: 'left', value: (l) => l.unit },
      money('rate', 'Rate', 58, (l) => l.unitPricePaise),
      money('taxable', 'Taxable', 64, (l) => l.taxablePaise),
      { key: 'gst', heading: 'GST', width: 30, align: 'right', value: (l) => `${l.gstRate}%` },
      ...(intra
        ? [money('cgst', 'CGST', 52, (l) => l.cgstPaise), money('sgst', 'SGST', 52, (l) => l.sgstPaise)]
        : [money('igst', 'IGST', 60, (l) => l.igstPaise)]),
      money('total', 'Amount', 66, (l) => l.totalPaise),
    ];
    const used = fixed.reduce((sum, c) => sum + c.width, 0);
    fixed[1]!.width = this.width - used;
    return fixed;
  }

  header(): void {
    const { doc, input } = this;
    const { bill, logo } = input;
    const seller = bill.seller;
    const top = doc.y;
    let textLeft = this.left;
    if (logo) {
      doc.image(logo, this.left, top, { fit: [60, 60] });
      textLeft += 72;
    }
    const sellerWidth = 290 - (textLeft - this.left);
    doc
      .fillColor(COLOURS.ink)
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(seller.companyName, textLeft, top, { width: sellerWidth });
    const sellerLines = [
      seller.addressLine1,
      seller.addressLine2,
      [seller.city, seller.pincode].filter(Boolean).join(' '),
      seller.state ? `State: ${stateWithCode(seller.state, seller.stateCode)}` : null,
      seller.gstin ? `GSTIN: ${seller.gstin}` : 'GSTIN: not registered',
      [seller.phone ? `Phone ${seller.phone}` : null, seller.email].filter(Boolean).join(' · ') || null,
    ].filter((line): line is string => !!line);
    doc.font('Helvetica').fontSize(8.5).fillColor(COLOURS.muted);
    for (const line of sellerLines) doc.text(line, textLeft, doc.y + 1, { width: sellerWidth });
    const leftBottom = Math.max(doc.y, top + (logo ? 60 : 0));

    const right = this.left + 300;
    const rightWidth = this.width - 300;
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor(COLOURS.brand)
      .text(this.title, right, top, { width: rightWidth, align: 'right' });
    const facts: Array<[string, string]> = [
      [bill.kind === 'credit_note' ? 'Credit note no.' : 'Invoice no.', bill.billNumber],
      ['Date', formatDay(bill.issuedOn, input.organisation.dateFormat)],
      ['Order', bill.orderNumber],
    ];
    if (bill.creditNoteFor) facts.push(['Against invoice', bill.creditNoteFor.billNumber]);
    doc.font('Helvetica').fontSize(9);
    for (const [label, value] of facts) {
      const y = doc.y + 2;
      doc
        .fillColor(COLOURS.muted)
        .font('Helvetica')
        .text(label, right, y, { width: rightWidth - 110, align: 'right' });
      doc
        .fillColor(COLOURS.ink)
        .font('Helvetica-Bold')
        .text(value, right + rightWidth - 105, y, { width: 105, align: 'right' });
    }
    doc.y = Math.max(leftBottom, doc.y) + 8;
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(1.5)
      .strokeColor(COLOURS.brand)
      .stroke();
    doc.y += 8;
  }

  cancelledBanner(): void {
    const { doc, input } = this;
    const { bill } = input;
    if (bill.status !== 'cancelled') return;
    const top = doc.y;
    const text = `Cancelled${bill.cancelledAt ? ` on ${formatDay(bill.cancelledAt.slice(0, 10), input.organisation.dateFormat)}` : ''}${bill.cancelReason ? `: ${bill.cancelReason}` : ''}. The number is not reused.`;
    doc.font('Helvetica').fontSize(9);
    const height = Math.max(34, doc.heightOfString(text, { width: this.width - 140 }) + 16);
    doc.rect(this.left, top, this.width, height).lineWidth(1.5).strokeColor(COLOURS.cancelled).stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor(COLOURS.cancelled)
      .text('CANCELLED', this.left + 10, top + 9, { width: 120 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLOURS.cancelled)
      .text(text, this.left + 130, top + 8, { width: this.width - 140 });
    doc.y = top + height + 8;
  }

  parties(): void {
    const { doc, input } = this;
    const { bill } = input;
    const columnWidth = (this.width - 16) / 2;
    const top = doc.y;
    const block = (x: number, heading: string, address: AddressSnapshot, extra: string[]) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(8)
        .fillColor(COLOURS.muted)
        .text(heading, x, top, { width: columnWidth });
      const name = [
        bill.client.company ?? bill.client.name,
        address.contactName ? `Attn. ${address.contactName}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(COLOURS.ink)
        .text(name, x, doc.y + 2, { width: columnWidth });
      doc.font('Helvetica').fontSize(9).fillColor(COLOURS.ink);
      for (const line of [...addressLines(address), ...extra])
        doc.text(line, x, doc.y + 1, { width: columnWidth });
      return doc.y;
    };
    const buyerBottom = block(this.left, 'BILL TO', bill.buyer, [
      bill.buyerGstin ? `GSTIN: ${bill.buyerGstin}` : 'GSTIN: unregistered buyer',
    ]);
    const shipBottom = block(this.left + columnWidth + 16, 'SHIP TO', bill.shipTo, [
      `Place of supply: ${stateWithCode(bill.placeOfSupply, bill.shipTo.stateCode)}`,
      bill.supplyType === 'intra_state' ? 'Supply within the state: CGST + SGST' : 'Inter-state supply: IGST',
    ]);
    doc.y = Math.max(buyerBottom, shipBottom) + 12;
  }

  private tableHeader(): void {
    const { doc } = this;
    const top = doc.y;
    doc.rect(this.left, top, this.width, 16).fill(COLOURS.band);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(COLOURS.muted);
    let x = this.left;
    for (const column of this.columns) {
      doc.text(column.heading, x + 3, top + 4.5, {
        width: column.width - 6,
        align: column.align,
        lineBreak: false,
      });
      x += column.width;
    }
    doc.y = top + 16;
  }

  lines(): void {
    const { doc, input } = this;
    this.tableHeader();
    for (const line of input.bill.lines) {
      doc.font('Helvetica').fontSize(8.5);
      const height =
        Math.max(...this.columns.map((c) => doc.heightOfString(c.value(line), { width: c.width - 6 }))) + 8;
      if (this.ensure(height)) this.tableHeader();
      const top = doc.y;
      let x = this.left;
      for (const column of this.columns) {
        doc
          .font(column.key === 'total' ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8.5)
          .fillColor(COLOURS.ink)
          .text(column.value(line), x + 3, top + 4, { width: column.width - 6, align: column.align });
        x += column.width;
      }
      doc
        .moveTo(this.left, top + height)
        .lineTo(this.left + this.width, top + height)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      doc.y = top + height;
    }
    doc.y += 10;
  }

  /** Tax per rate (left) and the bill's totals with the round-off (right), then the amount in words. */
  totals(): void {
    const { doc, input } = this;
    const { bill } = input;
    const intra = bill.supplyType === 'intra_state';
    const rateRows = bill.rateTotals.map((r) =>
      intra
        ? [
            `${r.gstRate}%`,
            formatRupees(r.taxablePaise),
            formatRupees(r.cgstPaise),
            formatRupees(r.sgstPaise),
            formatRupees(r.taxPaise),
          ]
        : [
            `${r.gstRate}%`,
            formatRupees(r.taxablePaise),
            formatRupees(r.igstPaise),
            formatRupees(r.taxPaise),
          ],
    );
    const rateHeadings = intra
      ? ['GST rate', 'Taxable', 'CGST', 'SGST', 'Tax']
      : ['GST rate', 'Taxable', 'IGST', 'Tax'];
    const totalRows: Array<[string, string]> = [['Taxable value', formatRupees(bill.taxablePaise)]];
    if (intra) {
      totalRows.push(['CGST', formatRupees(bill.cgstPaise)], ['SGST', formatRupees(bill.sgstPaise)]);
    } else totalRows.push(['IGST', formatRupees(bill.igstPaise)]);
    totalRows.push(['Round-off', formatRupees(bill.roundOffPaise)]);
    const needed = Math.max(rateRows.length + 1, totalRows.length + 1) * 14 + 70;
    this.ensure(needed);
    const top = doc.y;

    const rateWidth = 300;
    const cell = rateWidth / rateHeadings.length;
    doc.rect(this.left, top, rateWidth, 14).fill(COLOURS.band);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(COLOURS.muted);
    rateHeadings.forEach((h, i) => {
      doc.text(h, this.left + i * cell + 3, top + 3.5, {
        width: cell - 6,
        align: i === 0 ? 'left' : 'right',
      });
    });
    let y = top + 14;
    doc.font('Helvetica').fontSize(8.5).fillColor(COLOURS.ink);
    for (const row of rateRows) {
      row.forEach((value, i) => {
        doc.text(value, this.left + i * cell + 3, y + 3, {
          width: cell - 6,
          align: i === 0 ? 'left' : 'right',
        });
      });
      y += 14;
    }
    const rateBottom = y;

    const x = this.left + rateWidth + 20;
    const width = this.width - rateWidth - 20;
    y = top;
    doc.font('Helvetica').fontSize(9);
    for (const [label, value] of totalRows) {
      doc.fillColor(COLOURS.muted).text(label, x, y + 2, { width: width - 90 });
      doc.fillColor(COLOURS.ink).text(value, x + width - 90, y + 2, { width: 90, align: 'right' });
      y += 14;
    }
    doc.rect(x, y + 2, width, 20).fill(COLOURS.band);
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(COLOURS.ink)
      .text(bill.kind === 'credit_note' ? 'Total credit (INR)' : 'Total (INR)', x + 4, y + 7, {
        width: width - 100,
      });
    doc.text(formatRupees(bill.totalPaise), x + width - 96, y + 7, { width: 92, align: 'right' });
    y += 30;

    doc.y = Math.max(rateBottom, y) + 6;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text('Amount in words', this.left, doc.y, { width: this.width });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(COLOURS.ink)
      .text(bill.amountInWords, this.left, doc.y + 1, {
        width: this.width,
      });
    doc.y += 14;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text(
        `Amounts in Indian rupees. Tax is rounded per line to the paisa (half up); the total is rounded to the rupee. This ${
          bill.kind === 'credit_note' ? 'credit note' : 'invoice'
        } was generated by computer and needs no signature.`,
        this.left,
        doc.y,
        { width: this.width },
      );
    doc.y += 10;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(COLOURS.ink)
      .text(`For ${bill.seller.companyName}`, this.left, doc.y, { width: this.width, align: 'right' });
  }

  /** "Page N of M" (and CANCELLED on a cancelled bill) on every page, once all pages exist. */
  footers(): void {
    const { bill } = this.input;
    const kind = this.title === 'CREDIT NOTE' ? 'Credit note' : 'Tax invoice';
    const cancelled = bill.status === 'cancelled';
    writePageFooters(this.doc, {
      left: this.left,
      width: this.width,
      margin: MARGIN,
      text: `${bill.seller.companyName} · ${kind} ${bill.billNumber}${cancelled ? ' · CANCELLED' : ''}`,
      textColour: cancelled ? COLOURS.cancelled : COLOURS.muted,
      ruleColour: COLOURS.rule,
      pageNumberColour: COLOURS.muted,
    });
  }
}

/**
 * A bill's PDF: seller (logo, address, state, GSTIN), "TAX INVOICE" or "CREDIT NOTE", number and
 * date, buyer with GSTIN, ship-to and the place of supply with its state code, the lines with HSN,
 * quantity, unit, rate, taxable value and CGST/SGST or IGST, totals per rate, round-off, total,
 * the amount in words, "Page N of M", and CANCELLED on a cancelled bill. Returned ended: stream it.
 */
export async function renderBillPdf(input: BillPdfInput): Promise<Doc> {
  const writer = new BillWriter(await loadPdfKit(), input);
  writer.header();
  writer.cancelledBanner();
  writer.parties();
  writer.lines();
  writer.totals();
  writer.footers();
  writer.doc.end();
  return writer.doc;
}

/** `INV-26-27-000123.pdf`: the number with its slashes made safe for a file name. */
export function billFileName(bill: Pick<Bill, 'billNumber'>): string {
  return `${bill.billNumber.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;
}
