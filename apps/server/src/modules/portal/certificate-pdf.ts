import type { DueStatus, InspectionResult } from '@inspecta/contract';
import type PDFDocument from 'pdfkit';
import { loadPdfKit, writePageFooters } from '../../core/pdf.js';
import { withFields } from '../../core/with-fields.js';

/*
 * The compliance certificate of one site on one day (docs/portal.md): text, never pictures of
 * text, so the seal ids can be copied into the public check. Everything printed is what the
 * records said at the end of that day (UTC).
 */

type Doc = InstanceType<typeof PDFDocument>;

const COLOURS = {
  ink: '#1f2933',
  muted: '#616e7c',
  rule: '#d9dee4',
  band: '#f1f4f7',
  brand: '#1c5d99',
  pass: '#2b8a3e',
  fail: '#c92a2a',
};
const MARGIN = 40;
const FOOTER_SPACE = 30;

export interface CertificateUnit {
  name: string;
  assetTag: string;
  type: string;
  /** YYYY-MM-DD of the latest inspection on or before the day, or null. */
  inspectedOn: string | null;
  result: InspectionResult | null;
  sealId: string | null;
  /** YYYY-MM-DD: when the unit was next due as of the day. */
  nextDueOn: string | null;
  dueStatus: DueStatus | null;
}

export interface CertificateAction {
  id: number;
  title: string;
  priority: string;
  dueOn: string;
}

export interface CertificateInput {
  organisationName: string;
  date: string;
  site: { siteCode: string; name: string; address: string | null };
  clientName: string;
  units: CertificateUnit[];
  actions: CertificateAction[];
  compliant: boolean;
  /** Why the site is not compliant (empty when it is). */
  reasons: string[];
  generatedAt: Date;
}

const DUE_LABEL: Record<DueStatus, string> = { overdue: 'Overdue', due_soon: 'Due soon', ok: 'In date' };

class CertificateWriter {
  readonly doc: Doc;
  private readonly width: number;

  constructor(
    PDF: typeof PDFDocument,
    private readonly input: CertificateInput,
  ) {
    this.doc = new PDF({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: `Compliance certificate ${input.site.siteCode} ${input.date}`,
        Author: input.organisationName,
      },
    });
    this.width = this.doc.page.width - 2 * MARGIN;
  }

  header(): void {
    const { doc, input } = this;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLOURS.muted)
      .text(input.organisationName, MARGIN, MARGIN);
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(20).fillColor(COLOURS.brand).text('Compliance certificate');
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.ink);
    doc.text(`Site: ${input.site.name} (${input.site.siteCode})`);
    if (input.site.address) doc.text(`Address: ${input.site.address}`);
    doc.text(`Client: ${input.clientName}`);
    doc.text(`Date: ${input.date} (as the records stood at the end of the day, UTC)`);
    doc.moveDown(0.6);
    const summary = input.compliant ? 'Compliant' : 'Not compliant';
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(input.compliant ? COLOURS.pass : COLOURS.fail)
      .text(`Summary: ${summary}`);
    doc.font('Helvetica').fontSize(9).fillColor(COLOURS.ink);
    if (input.compliant) {
      doc.text('Every unit was in date and passed its latest inspection, and no corrective action was open.');
    } else {
      for (const reason of input.reasons) doc.text(`• ${reason}`);
    }
    doc.moveDown(0.8);
  }

  private ensureSpace(height: number): void {
    const bottom = this.doc.page.height - this.doc.page.margins.bottom;
    if (this.doc.y + height > bottom) this.doc.addPage();
  }

  units(): void {
    const { doc, input } = this;
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(COLOURS.ink)
      .text(`Units (${input.units.length})`, MARGIN);
    doc.moveDown(0.3);
    if (!input.units.length) {
      doc.font('Helvetica').fontSize(9).text('No units were installed at the site on this date.');
      doc.moveDown(0.6);
      return;
    }
    const columns = [
      { heading: 'Asset tag', width: 0.14 },
      { heading: 'Unit', width: 0.22 },
      { heading: 'Last inspected', width: 0.13 },
      { heading: 'Result', width: 0.08 },
      { heading: 'Due status', width: 0.13 },
      // A seal id is 32 hex digits, up to 142 pt at 8 pt Helvetica: the column keeps it on one line.
      { heading: 'Seal id', width: 0.3 },
    ].map((c) => withFields(c, { width: c.width * this.width }));
    const row = (cells: string[], bold: boolean, colour = COLOURS.ink) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      const height = Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 4 })),
      );
      this.ensureSpace(height + 4);
      const y = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        doc.fillColor(i === 3 && cell === 'Fail' ? COLOURS.fail : colour);
        doc.text(cell, x, y, { width: columns[i]!.width - 4 });
        x += columns[i]!.width;
      });
      doc.y = y + height + 3;
      doc
        .moveTo(MARGIN, doc.y - 1)
        .lineTo(MARGIN + this.width, doc.y - 1)
        .lineWidth(0.4)
        .strokeColor(COLOURS.rule)
        .stroke();
    };
    row(
      columns.map((c) => c.heading),
      true,
      COLOURS.muted,
    );
    for (const unit of input.units) {
      row(
        [
          unit.assetTag,
          `${unit.name}${unit.type ? ` (${unit.type})` : ''}`,
          unit.inspectedOn ?? 'Never',
          unit.result === 'fail' ? 'Fail' : unit.result === 'pass' ? 'Pass' : '—',
          unit.dueStatus
            ? `${DUE_LABEL[unit.dueStatus]}${unit.nextDueOn ? ` (${unit.nextDueOn})` : ''}`
            : '—',
          unit.sealId ?? '—',
        ],
        false,
      );
    }
    doc.moveDown(0.8);
  }

  actions(): void {
    const { doc, input } = this;
    this.ensureSpace(40);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(COLOURS.ink)
      .text(`Open corrective actions (${input.actions.length})`, MARGIN);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(9);
    if (!input.actions.length) doc.text('No corrective action was open on this date.');
    for (const action of input.actions) {
      this.ensureSpace(14);
      doc.text(`#${action.id} ${action.title} (priority ${action.priority}, due ${action.dueOn})`, MARGIN);
    }
    doc.moveDown(0.8);
    this.ensureSpace(40);
    doc
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text(
        'Each seal id is the tamper-evident seal printed on that inspection report; anyone can check it at /verify/<seal id>.',
      );
  }

  footers(): void {
    writePageFooters(this.doc, {
      left: MARGIN,
      width: this.width,
      margin: MARGIN,
      text: `${this.input.organisationName} · Compliance certificate ${this.input.site.siteCode} ${this.input.date} · generated ${this.input.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      textColour: COLOURS.muted,
      ruleColour: COLOURS.rule,
    });
  }
}

/** The certificate's PDF, returned ended: stream it. pdfkit loads on the first one (core/pdf.ts). */
export async function renderCertificatePdf(input: CertificateInput): Promise<Doc> {
  const writer = new CertificateWriter(await loadPdfKit(), input);
  writer.header();
  writer.units();
  writer.actions();
  writer.footers();
  writer.doc.end();
  return writer.doc;
}

/** `compliance-<siteCode>-<date>.pdf`, with the code made safe for a file name. */
export function certificateFileName(siteCode: string, date: string): string {
  const code = siteCode.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `compliance-${code || 'site'}-${date}.pdf`;
}
