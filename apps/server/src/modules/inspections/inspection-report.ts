import {
  type AnswerValue,
  type DateFormat,
  type InspectionDetail,
  type ItemResult,
  type OrganisationSettings,
  type TemplateItem,
  yesNoNaLabels,
} from '@inspecta/contract';
import type PDFDocument from 'pdfkit';
import type { FileStorage } from '../../core/files/file-storage.js';
import { fileNameFromUrl } from '../../core/files/file-urls.js';
import { loadSharp } from '../../core/files/image-processing.js';
import { loadPdfKit, writePageFooters } from '../../core/pdf.js';

/** Everything the report prints; images are already PNG or JPEG (what pdfkit can embed). */
export interface ReportInput {
  detail: InspectionDetail;
  siteAddress: string | null;
  organisation: OrganisationSettings;
  /** Decoded images by their file URL (photos, signatures, the logo); missing files are absent. */
  images: Map<string, Buffer>;
  generatedAt: Date;
  /** The inspection's seal (docs/verification.md) with its QR code as a PNG; null before it is sealed. */
  seal: ReportSeal | null;
}

export interface ReportSeal {
  id: string;
  hash: string;
  sealedAt: Date;
  /** `<public URL>/verify/<id>`, what the QR code holds. */
  verifyUrl: string;
  qrPng: Buffer;
}

// ---------------------------------------------------------------- images

/** Longest side of an embedded photo: sharp enough on paper, small enough for a mailable file. */
const PHOTO_MAX_PX = 1200;

/**
 * The report's images read from storage and converted for pdfkit: uploads are WebP (pdfkit embeds
 * only PNG and JPEG), so photos become JPEG and signatures and the logo PNG (their transparency
 * stays). A file that is gone or unreadable is left out; the report says so where it would be.
 */
export async function loadReportImages(
  storage: FileStorage,
  detail: InspectionDetail,
  logoUrl: string | null,
): Promise<Map<string, Buffer>> {
  const wanted = new Map<string, 'jpeg' | 'png'>();
  if (logoUrl) wanted.set(logoUrl, 'png');
  const itemTypes = new Map<string, TemplateItem['type']>();
  for (const section of detail.content.sections)
    for (const item of section.items) itemTypes.set(item.key, item.type);
  for (const unit of detail.units)
    for (const [key, value] of Object.entries(unit.answers)) {
      const type = itemTypes.get(key);
      if (type === 'photo' && Array.isArray(value)) for (const url of value) wanted.set(url, 'jpeg');
      if (type === 'signature' && typeof value === 'string' && value) wanted.set(value, 'png');
    }
  const images = new Map<string, Buffer>();
  for (const [url, format] of wanted) {
    const name = fileNameFromUrl(url);
    const data = name ? await storage.read(name) : null;
    if (!data) continue;
    try {
      const sharp = await loadSharp();
      const pipeline = sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(PHOTO_MAX_PX, PHOTO_MAX_PX, { fit: 'inside', withoutEnlargement: true });
      images.set(
        url,
        await (format === 'jpeg'
          ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80 })
          : pipeline.png()
        ).toBuffer(),
      );
    } catch {
      // Not an image we can decode: leave it out rather than fail the whole report.
    }
  }
  return images;
}

// ---------------------------------------------------------------- formatting

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A YYYY-MM-DD day in the organisation's date format. */
export function formatDay(isoDay: string, format: DateFormat): string {
  const [y, m, d] = isoDay.split('-');
  if (!y || !m || !d) return isoDay;
  switch (format) {
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'D MMM YYYY':
      return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
    default:
      return isoDay;
  }
}

/**
 * An instant as the organisation's date and 24-hour time in its time zone, which it names
 * ("1 Apr 2026 15:00 GMT+5:30"): the PDF may be read where the clock says something else.
 */
export function formatInstant(iso: string | Date, organisation: OrganisationSettings): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: organisation.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${formatDay(`${parts.year}-${parts.month}-${parts.day}`, organisation.dateFormat)} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

const OUTCOME_LABELS: Record<ItemResult['outcome'], string> = {
  pass: 'Pass',
  fail: 'FAIL',
  not_applicable: 'N/A',
  recorded: 'Recorded',
  missing: 'Missing',
  skipped: 'Not answered',
  invalid: 'Invalid',
};

function answerText(
  item: TemplateItem,
  value: AnswerValue | undefined,
  organisation: OrganisationSettings,
): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length))
    return '—';
  switch (item.type) {
    case 'pass_fail':
      return value === 'pass' ? 'Pass' : value === 'fail' ? 'Fail' : String(value);
    case 'yes_no_na':
      return yesNoNaLabels[value as keyof typeof yesNoNaLabels] ?? String(value);
    case 'number':
      return item.unit ? `${value} ${item.unit}` : String(value);
    case 'multi_select':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'date':
      return typeof value === 'string' ? formatDay(value, organisation.dateFormat) : String(value);
    case 'photo':
      return Array.isArray(value) ? `${value.length} photo${value.length === 1 ? '' : 's'} (below)` : '—';
    case 'signature':
      return 'Signed (below)';
    default:
      return String(value);
  }
}

// ---------------------------------------------------------------- layout

const COLOURS = {
  ink: '#1f2933',
  muted: '#616e7c',
  rule: '#d9dee4',
  band: '#f1f4f7',
  brand: '#1c5d99',
  pass: '#2b8a3e',
  passBg: '#ebfbee',
  fail: '#c92a2a',
  failBg: '#fff0f0',
};
const MARGIN = 48;
const FOOTER_SPACE = 36;

type Doc = InstanceType<typeof PDFDocument>;

class ReportWriter {
  readonly doc: Doc;
  private readonly left = MARGIN;
  private readonly width: number;

  constructor(
    PdfKit: typeof PDFDocument,
    private readonly input: ReportInput,
  ) {
    const { detail, organisation } = input;
    this.doc = new PdfKit({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: `Inspection report #${detail.id} – ${detail.site.name}`,
        Author: organisation.companyName,
        Subject: `${detail.template.name} v${detail.template.version}`,
        Creator: 'Inspecta',
      },
    });
    this.width = this.doc.page.width - MARGIN * 2;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` still fits on this one. */
  private ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  header(): void {
    const { doc, input } = this;
    const { detail, organisation } = input;
    const top = doc.y;
    const logo = organisation.logoUrl ? input.images.get(organisation.logoUrl) : undefined;
    let textLeft = this.left;
    if (logo) {
      doc.image(logo, this.left, top, { fit: [56, 56] });
      textLeft += 68;
    }
    doc
      .fillColor(COLOURS.ink)
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(organisation.companyName, textLeft, top + 4, { width: 300 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COLOURS.muted)
      .text('Inspection report', textLeft, doc.y + 2);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(COLOURS.ink)
      .text(`Inspection #${detail.id}`, this.left, top + 4, { width: this.width, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(`Completed ${formatInstant(detail.completedAt, organisation)}`, this.left, doc.y + 2, {
        width: this.width,
        align: 'right',
      });
    doc.y = Math.max(doc.y, top + (logo ? 56 : 40)) + 10;
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(1.5)
      .strokeColor(COLOURS.brand)
      .stroke();
    doc.y += 14;
  }

  resultBanner(): void {
    const { doc } = this;
    const { detail } = this.input;
    const failed = detail.result === 'fail';
    const top = doc.y;
    const height = 40;
    doc.roundedRect(this.left, top, this.width, height, 4).fill(failed ? COLOURS.failBg : COLOURS.passBg);
    doc.roundedRect(this.left, top, 6, height, 2).fill(failed ? COLOURS.fail : COLOURS.pass);
    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .fillColor(failed ? COLOURS.fail : COLOURS.pass)
      .text(failed ? 'Overall result: FAIL' : 'Overall result: PASS', this.left + 18, top + 13);
    const units =
      detail.unitCount === 0
        ? 'Site-level inspection'
        : `${detail.unitCount} unit${detail.unitCount === 1 ? '' : 's'}`;
    const summary = failed
      ? `${detail.failedItems} of ${detail.totalItems} checks failed · ${units}`
      : `All ${detail.totalItems} checks passed · ${units}`;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COLOURS.ink)
      .text(summary, this.left, top + 16, { width: this.width - 16, align: 'right' });
    doc.y = top + height + 16;
  }

  facts(): void {
    const { doc, input } = this;
    const { detail, organisation } = input;
    const rows: Array<[string, string]> = [
      ['Site', `${detail.site.name} (${detail.site.siteCode})`],
      ['Address', input.siteAddress ?? detail.site.city ?? '—'],
      ['Client', detail.site.clientName ?? '—'],
      ['Inspector', detail.inspector.name],
      ['Category', detail.category.name],
      ['Template', `${detail.template.name} · version ${detail.template.version}`],
      ['Scheduled for', formatDay(detail.scheduledFor, organisation.dateFormat)],
      ['Due on', formatDay(detail.dueOn, organisation.dateFormat)],
      ['Started', formatInstant(detail.startedAt, organisation)],
      ['Completed', formatInstant(detail.completedAt, organisation)],
    ];
    const columnWidth = (this.width - 20) / 2;
    const labelWidth = 78;
    for (let i = 0; i < rows.length; i += 2) {
      const pair = rows.slice(i, i + 2);
      doc.font('Helvetica').fontSize(10);
      const height =
        Math.max(...pair.map(([, value]) => doc.heightOfString(value, { width: columnWidth - labelWidth }))) +
        8;
      this.ensure(height);
      const top = doc.y;
      pair.forEach(([label, value], column) => {
        const x = this.left + column * (columnWidth + 20);
        doc
          .font('Helvetica')
          .fontSize(9)
          .fillColor(COLOURS.muted)
          .text(label, x, top + 4, { width: labelWidth });
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(COLOURS.ink)
          .text(value, x + labelWidth, top + 3, { width: columnWidth - labelWidth });
      });
      doc
        .moveTo(this.left, top + height)
        .lineTo(this.left + this.width, top + height)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      doc.y = top + height;
    }
    doc.y += 18;
  }

  /** On the first page, every failed check with its unit and reason, so nobody has to hunt for them. */
  failedChecks(): void {
    const { doc } = this;
    const { detail } = this.input;
    const labels = new Map(
      detail.content.sections.flatMap((s) => s.items.map((i) => [i.key, i.label || i.key])),
    );
    const failures = detail.units.flatMap((unit) =>
      unit.items
        .filter((i) => i.outcome === 'fail')
        .map((i) => ({
          where: unit.equipment ? unit.equipment.assetTag : 'Site',
          label: labels.get(i.key) ?? i.key,
          reason: i.reason,
        })),
    );
    if (!failures.length) return;
    this.heading(`Failed checks (${failures.length})`, 12);
    for (const failure of failures) {
      const text = `${failure.label}${failure.reason ? ` — ${failure.reason}` : ''}`;
      doc.font('Helvetica').fontSize(9.5);
      const height = doc.heightOfString(text, { width: this.width - 110 }) + 6;
      this.ensure(height);
      const top = doc.y;
      doc.rect(this.left, top + 1, 3, height - 4).fill(COLOURS.fail);
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .fillColor(COLOURS.fail)
        .text(failure.where, this.left + 10, top + 2, { width: 90 });
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(COLOURS.ink)
        .text(text, this.left + 100, top + 2, { width: this.width - 110 });
      doc.y = top + height;
    }
    doc.y += 14;
  }

  private heading(text: string, size = 13): void {
    this.ensure(size + 40);
    this.doc.font('Helvetica-Bold').fontSize(size).fillColor(COLOURS.ink).text(text, this.left, this.doc.y);
    this.doc.y += 4;
  }

  private static readonly COLUMNS = { item: 235, answer: 170 };

  private tableHeader(): void {
    const { doc } = this;
    const top = doc.y;
    doc.rect(this.left, top, this.width, 18).fill(COLOURS.band);
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(COLOURS.muted);
    const { item, answer } = ReportWriter.COLUMNS;
    doc.text('CHECK', this.left + 6, top + 5, { width: item - 12 });
    doc.text('ANSWER', this.left + item, top + 5, { width: answer - 8 });
    doc.text('OUTCOME', this.left + item + answer, top + 5, { width: this.width - item - answer - 6 });
    doc.y = top + 18;
  }

  private itemRow(item: TemplateItem, value: AnswerValue | undefined, result: ItemResult | undefined): void {
    const { doc, input } = this;
    const { item: itemWidth, answer: answerWidth } = ReportWriter.COLUMNS;
    const outcomeWidth = this.width - itemWidth - answerWidth;
    const failed = result?.outcome === 'fail';
    const label = item.label || item.key;
    const answer = answerText(item, value, input.organisation);
    const outcome = result ? OUTCOME_LABELS[result.outcome] : '—';
    const reason = failed && result?.reason ? result.reason : null;

    doc.font('Helvetica-Bold').fontSize(9.5);
    const labelHeight = doc.heightOfString(label, { width: itemWidth - 12 });
    doc.font('Helvetica').fontSize(8.5);
    const reasonHeight = reason ? doc.heightOfString(reason, { width: itemWidth - 12 }) + 2 : 0;
    doc.font('Helvetica').fontSize(9.5);
    const answerHeight = doc.heightOfString(answer, { width: answerWidth - 8 });
    const height = Math.max(labelHeight + reasonHeight, answerHeight) + 10;

    // A photo or a signature stays on the page of its row: when the row and the first row of
    // its images do not both fit, the row starts the next page (later rows of images may wrap).
    const images =
      item.type === 'photo' && Array.isArray(value) && value.length > 0
        ? 88 + 12
        : item.type === 'signature' && typeof value === 'string' && value
          ? 70 + 12
          : 0;
    if (doc.y + height + images > this.bottom) {
      doc.addPage();
      this.tableHeader();
    }
    const top = doc.y;
    if (failed) {
      doc.rect(this.left, top, this.width, height).fill(COLOURS.failBg);
      doc.rect(this.left, top, 3, height).fill(COLOURS.fail);
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(failed ? COLOURS.fail : COLOURS.ink)
      .text(label, this.left + 6, top + 5, { width: itemWidth - 12 });
    if (reason)
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(COLOURS.fail)
        .text(reason, this.left + 6, top + 5 + labelHeight + 2, { width: itemWidth - 12 });
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(COLOURS.ink)
      .text(answer, this.left + itemWidth, top + 5, { width: answerWidth - 8 });
    const outcomeColour =
      result?.outcome === 'fail' ? COLOURS.fail : result?.outcome === 'pass' ? COLOURS.pass : COLOURS.muted;
    doc
      .font(failed ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9.5)
      .fillColor(outcomeColour)
      .text(outcome, this.left + itemWidth + answerWidth, top + 5, { width: outcomeWidth - 6 });
    doc
      .moveTo(this.left, top + height)
      .lineTo(this.left + this.width, top + height)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.y = top + height;

    if (item.type === 'photo' && Array.isArray(value)) this.images(value, 118, 88, 'Photo not available');
    if (item.type === 'signature' && typeof value === 'string' && value)
      this.images([value], 180, 70, 'Signature not available');
  }

  /** A row of images under their item, wrapping onto more rows and pages as needed. */
  private images(urls: string[], boxWidth: number, boxHeight: number, missing: string): void {
    const { doc, input } = this;
    const gap = 8;
    const perRow = Math.max(1, Math.floor((this.width - 12 + gap) / (boxWidth + gap)));
    doc.y += 6;
    for (let i = 0; i < urls.length; i += perRow) {
      if (doc.y + boxHeight + 6 > this.bottom) {
        doc.addPage();
        this.tableHeader();
        doc.y += 6;
      }
      const top = doc.y;
      urls.slice(i, i + perRow).forEach((url, column) => {
        const x = this.left + 6 + column * (boxWidth + gap);
        const image = input.images.get(url);
        doc.rect(x, top, boxWidth, boxHeight).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
        if (image)
          doc.image(image, x + 2, top + 2, {
            fit: [boxWidth - 4, boxHeight - 4],
            align: 'center',
            valign: 'center',
          });
        else
          doc
            .font('Helvetica-Oblique')
            .fontSize(8)
            .fillColor(COLOURS.muted)
            .text(missing, x + 4, top + boxHeight / 2 - 4, { width: boxWidth - 8, align: 'center' });
      });
      doc.y = top + boxHeight + 6;
    }
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
  }

  units(): void {
    const { doc } = this;
    const { detail } = this.input;
    for (const unit of detail.units) {
      const failed = unit.result === 'fail';
      const title = unit.equipment
        ? `${unit.equipment.assetTag} · ${unit.equipment.name}`
        : 'Site-level checks';
      const meta = unit.equipment
        ? [unit.equipment.type, unit.equipment.serialNumber ? `Serial ${unit.equipment.serialNumber}` : null]
            .filter(Boolean)
            .join(' · ')
        : '';
      this.ensure(110);
      const top = doc.y;
      doc.rect(this.left, top, this.width, meta ? 36 : 24).fill(COLOURS.band);
      doc
        .font('Helvetica-Bold')
        .fontSize(11.5)
        .fillColor(COLOURS.ink)
        .text(title, this.left + 8, top + 7, { width: this.width - 90 });
      if (meta)
        doc
          .font('Helvetica')
          .fontSize(8.5)
          .fillColor(COLOURS.muted)
          .text(meta, this.left + 8, top + 21, { width: this.width - 90 });
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(failed ? COLOURS.fail : COLOURS.pass)
        .text(failed ? 'FAIL' : 'PASS', this.left, top + 8, { width: this.width - 10, align: 'right' });
      doc.y = top + (meta ? 36 : 24) + 8;

      const results = new Map(unit.items.map((i) => [i.key, i]));
      for (const section of detail.content.sections) {
        this.ensure(60);
        doc
          .font('Helvetica-Bold')
          .fontSize(10)
          .fillColor(COLOURS.brand)
          .text(section.title || section.key, this.left, doc.y + 2);
        doc.y += 3;
        this.tableHeader();
        for (const item of section.items) this.itemRow(item, unit.answers[item.key], results.get(item.key));
        doc.y += 10;
      }
      doc.y += 8;
    }
  }

  remarks(): void {
    const { doc } = this;
    const remarks = this.input.detail.remarks?.trim();
    this.heading('Remarks', 12);
    doc
      .font(remarks ? 'Helvetica' : 'Helvetica-Oblique')
      .fontSize(10)
      .fillColor(remarks ? COLOURS.ink : COLOURS.muted)
      .text(remarks || 'No remarks.', this.left, doc.y, { width: this.width });
  }

  /**
   * The seal block: QR code to the public check, the seal id and the hash in a fixed-width font on
   * one line each (POST /api/verify/pdf reads them back from the text as "Seal ID:" and "SHA-256:").
   */
  sealBlock(): void {
    const { doc } = this;
    const { seal, organisation } = this.input;
    if (!seal) return;
    doc.y += 14;
    this.ensure(110);
    const top = doc.y;
    const qr = 86;
    doc
      .rect(this.left, top, this.width, qr + 16)
      .lineWidth(0.75)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.image(seal.qrPng, this.left + 8, top + 8, { fit: [qr, qr] });
    const x = this.left + qr + 20;
    const w = this.width - qr - 28;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(COLOURS.ink)
      .text('Verify this report', x, top + 10, { width: w });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLOURS.muted)
      .text(
        `Sealed ${formatInstant(seal.sealedAt, organisation)} with the organisation's signing key. Scan the code or open the address below to check that this report is unchanged.`,
        x,
        doc.y + 3,
        { width: w },
      );
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLOURS.brand)
      .text(seal.verifyUrl, x, doc.y + 3, { width: w, link: seal.verifyUrl });
    doc
      .font('Courier')
      .fontSize(7.5)
      .fillColor(COLOURS.ink)
      .text(`Seal ID: ${seal.id}`, x, doc.y + 4, { width: w, lineBreak: false });
    doc.text(`SHA-256: ${seal.hash}`, x, doc.y + 2, { width: w, lineBreak: false });
    doc.y = top + qr + 16;
    doc.x = this.left;
  }

  /** Footer on every page, once all pages exist: who, which inspection, "Page N of M". */
  footers(): void {
    const { input } = this;
    const generated = `Generated ${formatInstant(input.generatedAt, input.organisation)}`;
    writePageFooters(this.doc, {
      left: this.left,
      width: this.width,
      margin: MARGIN,
      text: `${input.organisation.companyName} · Inspection #${input.detail.id} · ${input.detail.site.siteCode} · ${generated}`,
      textColour: COLOURS.muted,
      ruleColour: COLOURS.rule,
    });
  }
}

/**
 * The PDF report of a completed inspection: company, site, client, inspector, dates, overall result,
 * every section and item per unit with its answer and outcome (failed items marked), photos and the
 * signature, remarks, and "Page N of M". Returns the document, ended: pipe or send it as a stream.
 */
export async function renderInspectionReport(input: ReportInput): Promise<Doc> {
  const writer = new ReportWriter(await loadPdfKit(), input);
  writer.header();
  writer.resultBanner();
  writer.facts();
  writer.failedChecks();
  writer.units();
  writer.remarks();
  writer.sealBlock();
  writer.footers();
  writer.doc.end();
  return writer.doc;
}

/** `inspection-<id>-<siteCode>.pdf`, with only safe characters from the site code. */
export function reportFileName(detail: Pick<InspectionDetail, 'id' | 'site'>): string {
  const code = detail.site.siteCode.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `inspection-${detail.id}${code ? `-${code}` : ''}.pdf`;
}
