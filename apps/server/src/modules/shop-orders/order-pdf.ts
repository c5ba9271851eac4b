import {
  type AddressSnapshot,
  billingModeLabels,
  type Order,
  type OrganisationSettings,
  orderStatusLabels,
  shipmentStatusLabels,
  supplyTypeLabels,
} from '@inspecta/contract';
import type PDFDocument from 'pdfkit';
import { formatRupees, loadPdfKit, writePageFooters } from '../../core/pdf.js';

/*
 * The order's PDF (GET /api/shop/orders/:id/pdf): company name and logo from Settings, the order
 * number, client and billing address, the lines, each shipment with its address and state, the
 * totals, and "Page N of M". Text is real text (searchable, copyable). Amounts are in rupees; the
 * standard PDF fonts have no ₹ sign, so columns say INR.
 */

type Doc = InstanceType<typeof PDFDocument>;

const COLOURS = { ink: '#1f2933', muted: '#616e7c', rule: '#d9dee4', band: '#f1f4f7', brand: '#1c5d99' };
const MARGIN = 48;
const FOOTER_SPACE = 36;

function addressLines(a: AddressSnapshot): string[] {
  return [
    a.contactName ? `${a.label} (attn. ${a.contactName})` : a.label,
    a.addressLine1,
    ...(a.addressLine2 ? [a.addressLine2] : []),
    [a.city, a.district].filter(Boolean).join(', '),
    `${a.state}${a.stateCode ? ` (${a.stateCode})` : ''} ${a.pincode}, ${a.country}`,
    ...(a.phone ? [`Phone ${a.phone}`] : []),
    ...(a.gstin ? [`GSTIN ${a.gstin}`] : []),
  ];
}

function dateText(iso: string, organisation: OrganisationSettings): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: organisation.timezone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

interface Column {
  heading: string;
  width: number;
  align?: 'left' | 'right';
}

class OrderWriter {
  readonly doc: Doc;
  private readonly left = MARGIN;
  private readonly width: number;

  constructor(
    PdfKit: typeof PDFDocument,
    private readonly order: Order,
    private readonly organisation: OrganisationSettings,
    private readonly logo: Buffer | null,
  ) {
    this.doc = new PdfKit({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: `Order ${order.orderNumber} – ${order.client.company ?? order.client.name}`,
        Author: organisation.companyName,
        Subject: `Order ${order.orderNumber}`,
        Creator: 'Inspecta',
      },
    });
    this.width = this.doc.page.width - MARGIN * 2;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private ensure(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  header() {
    const { doc, order, organisation } = this;
    const top = doc.y;
    let textLeft = this.left;
    if (this.logo) {
      doc.image(this.logo, this.left, top, { fit: [56, 56] });
      textLeft += 68;
    }
    doc
      .fillColor(COLOURS.ink)
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(organisation.companyName, textLeft, top + 4, { width: 280 });
    const seller = [
      [organisation.addressLine1, organisation.addressLine2, organisation.city].filter(Boolean).join(', '),
      [organisation.state, organisation.pincode].filter(Boolean).join(' '),
      organisation.gstin ? `GSTIN ${organisation.gstin}` : '',
    ].filter(Boolean);
    doc.font('Helvetica').fontSize(9).fillColor(COLOURS.muted);
    for (const line of seller) doc.text(line, textLeft, doc.y + 1, { width: 280 });
    const leftBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(COLOURS.ink)
      .text(`Order ${order.orderNumber}`, this.left, top + 4, {
        width: this.width,
        align: 'right',
      });
    doc.font('Helvetica').fontSize(9).fillColor(COLOURS.muted);
    doc.text(`Placed ${dateText(order.placedAt, organisation)}`, this.left, doc.y + 2, {
      width: this.width,
      align: 'right',
    });
    doc.text(`Status: ${orderStatusLabels[order.status]}`, this.left, doc.y + 1, {
      width: this.width,
      align: 'right',
    });
    doc.y = Math.max(doc.y, leftBottom, top + (this.logo ? 56 : 40)) + 10;
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(1.5)
      .strokeColor(COLOURS.brand)
      .stroke();
    doc.y += 12;
  }

  parties() {
    const { doc, order } = this;
    const top = doc.y;
    const half = this.width / 2 - 8;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(COLOURS.brand).text('Client', this.left, top);
    doc.font('Helvetica').fontSize(9).fillColor(COLOURS.ink);
    const client = [
      order.client.company ?? order.client.name,
      ...(order.client.company ? [order.client.name] : []),
      order.client.email,
      ...(order.client.phone ? [order.client.phone] : []),
    ];
    for (const line of client) doc.text(line, this.left, doc.y + 1, { width: half });
    const leftBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLOURS.brand)
      .text('Billing address', this.left + half + 16, top);
    doc.font('Helvetica').fontSize(9).fillColor(COLOURS.ink);
    for (const line of addressLines(order.billingAddress))
      doc.text(line, this.left + half + 16, doc.y + 1, { width: half });
    doc.y = Math.max(doc.y, leftBottom) + 6;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(`Billing: ${billingModeLabels[order.billingMode]}`, this.left, doc.y, {
        width: this.width,
      });
    if (order.notes) doc.text(`Notes: ${order.notes}`, this.left, doc.y + 1, { width: this.width });
    doc.y += 12;
  }

  private heading(text: string) {
    this.ensure(40);
    this.doc.font('Helvetica-Bold').fontSize(12).fillColor(COLOURS.ink).text(text, this.left, this.doc.y);
    this.doc.y += 4;
  }

  private row(columns: Column[], values: string[], options: { bold?: boolean; band?: boolean } = {}) {
    const { doc } = this;
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = columns.map((c, i) => doc.heightOfString(values[i] ?? '', { width: c.width - 6 }));
    const height = Math.max(...heights) + 6;
    this.ensure(height);
    const top = doc.y;
    if (options.band) doc.rect(this.left, top, this.width, height).fill(COLOURS.band);
    let x = this.left;
    doc
      .fillColor(COLOURS.ink)
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5);
    for (const [i, c] of columns.entries()) {
      doc.text(values[i] ?? '', x + 3, top + 3, { width: c.width - 6, align: c.align ?? 'left' });
      x += c.width;
    }
    doc.y = top + height;
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
  }

  lines() {
    const { order } = this;
    this.heading('Lines');
    const w = this.width;
    const columns: Column[] = [
      { heading: '#', width: w * 0.05 },
      { heading: 'SKU', width: w * 0.15 },
      { heading: 'Description', width: w * 0.32 },
      { heading: 'HSN', width: w * 0.1 },
      { heading: 'Qty', width: w * 0.07, align: 'right' },
      { heading: 'Unit price (INR)', width: w * 0.12, align: 'right' },
      { heading: 'GST %', width: w * 0.07, align: 'right' },
      { heading: 'Taxable (INR)', width: w * 0.12, align: 'right' },
    ];
    this.row(
      columns,
      columns.map((c) => c.heading),
      { bold: true, band: true },
    );
    for (const [i, line] of order.lines.entries()) {
      const notes = [
        line.cancelledQuantity ? `${line.cancelledQuantity} cancelled` : '',
        line.returnedQuantity ? `${line.returnedQuantity} returned` : '',
      ].filter(Boolean);
      this.row(columns, [
        String(i + 1),
        line.sku,
        notes.length ? `${line.name} (${notes.join(', ')})` : line.name,
        line.hsnCode,
        String(line.quantity),
        formatRupees(line.unitPricePaise),
        `${line.gstRate}%`,
        formatRupees(line.taxablePaise),
      ]);
    }
    this.doc.y += 12;
  }

  shipments() {
    const { doc, order } = this;
    this.heading(`Shipments (${order.shipments.length})`);
    const w = this.width;
    const columns: Column[] = [
      { heading: 'SKU', width: w * 0.2 },
      { heading: 'Description', width: w * 0.5 },
      { heading: 'Qty', width: w * 0.1, align: 'right' },
      { heading: 'Returned', width: w * 0.2, align: 'right' },
    ];
    for (const s of order.shipments) {
      this.ensure(110);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(COLOURS.brand)
        .text(`${s.shipmentNumber} · ${shipmentStatusLabels[s.status]}`, this.left, doc.y + 4);
      doc.font('Helvetica').fontSize(9).fillColor(COLOURS.ink);
      doc.text(`Ship to: ${addressLines(s.address).join(', ')}`, this.left, doc.y + 2, { width: this.width });
      const facts = [
        supplyTypeLabels[s.supplyType],
        s.carrier ? `${s.carrier}, tracking ${s.trackingNumber ?? '—'}` : '',
        s.shippedOn ? `shipped ${s.shippedOn}` : '',
        s.cancelReason ? `cancelled: ${s.cancelReason}` : '',
        ...s.bills.map(
          (b) =>
            `${b.kind === 'invoice' ? 'Bill' : 'Credit note'} ${b.billNumber}${b.status === 'cancelled' ? ' (cancelled)' : ''}`,
        ),
      ].filter(Boolean);
      doc.fillColor(COLOURS.muted).text(facts.join(' · '), this.left, doc.y + 1, { width: this.width });
      doc.y += 4;
      this.row(
        columns,
        columns.map((c) => c.heading),
        { bold: true, band: true },
      );
      for (const line of s.lines)
        this.row(columns, [
          line.sku,
          line.name,
          String(line.quantity),
          line.returnedQuantity ? String(line.returnedQuantity) : '',
        ]);
      const t = s.totals;
      const tax =
        s.supplyType === 'intra_state'
          ? `CGST ${formatRupees(t.cgstPaise)} + SGST ${formatRupees(t.sgstPaise)}`
          : `IGST ${formatRupees(t.igstPaise)}`;
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(COLOURS.ink)
        .text(
          `Taxable ${formatRupees(t.taxablePaise)} · ${tax} · Total INR ${formatRupees(t.totalPaise)}`,
          this.left,
          doc.y + 3,
          { width: this.width, align: 'right' },
        );
      doc.y += 10;
    }
  }

  totals() {
    const { doc, order } = this;
    const t = order.totals;
    const rows: Array<[string, string]> = [
      ['Taxable value', formatRupees(t.taxablePaise)],
      ...(t.cgstPaise
        ? ([
            ['CGST', formatRupees(t.cgstPaise)],
            ['SGST', formatRupees(t.sgstPaise)],
          ] as Array<[string, string]>)
        : []),
      ...(t.igstPaise ? ([['IGST', formatRupees(t.igstPaise)]] as Array<[string, string]>) : []),
      ['Total tax', formatRupees(t.taxPaise)],
      ['Order total (INR)', formatRupees(t.totalPaise)],
    ];
    this.ensure(rows.length * 16 + 30);
    this.heading('Totals');
    const labelWidth = 150;
    const x = this.left + this.width - labelWidth - 110;
    for (const [i, [label, value]] of rows.entries()) {
      const last = i === rows.length - 1;
      const top = doc.y;
      doc
        .font(last ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(last ? 11 : 9.5)
        .fillColor(COLOURS.ink);
      doc.text(label, x, top, { width: labelWidth });
      doc.text(value, x + labelWidth, top, { width: 110, align: 'right' });
      doc.y = top + (last ? 18 : 14);
    }
    doc
      .font('Helvetica-Oblique')
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text(
        'This is an order confirmation, not a tax invoice: bills are issued when shipments leave.',
        this.left,
        doc.y + 6,
        { width: this.width },
      );
  }

  footers(generatedAt: Date) {
    writePageFooters(this.doc, {
      left: this.left,
      width: this.width,
      margin: MARGIN,
      text: `${this.organisation.companyName} · Order ${this.order.orderNumber} · Generated ${dateText(generatedAt.toISOString(), this.organisation)}`,
      textColour: COLOURS.muted,
      ruleColour: COLOURS.rule,
    });
  }
}

/** Renders the order's PDF; answers the ended document, to pipe or send as a stream. */
export async function renderOrderPdf(
  order: Order,
  organisation: OrganisationSettings,
  logo: Buffer | null,
  generatedAt: Date,
): Promise<Doc> {
  const writer = new OrderWriter(await loadPdfKit(), order, organisation, logo);
  writer.header();
  writer.parties();
  writer.lines();
  writer.shipments();
  writer.totals();
  writer.footers(generatedAt);
  writer.doc.end();
  return writer.doc;
}

/** `order-SO-000123.pdf` */
export const orderPdfFileName = (order: Pick<Order, 'orderNumber'>) => `order-${order.orderNumber}.pdf`;
