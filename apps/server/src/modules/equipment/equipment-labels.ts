import { crc32, deflateSync } from 'node:zlib';
import type { EquipmentLabelLayout } from '@inspecta/contract';
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../../core/pdf.js';

/*
 * A sheet of QR asset labels for a site's units (docs/equipment.md "Asset labels"): A4, a grid of
 * labels edge to edge as on the common pre-cut sheets (3 x 8 of 70 x 37 mm, 2 x 4 of 105 x 74 mm),
 * each with the unit's QR code (the unit's /u/<id> address) and what a person reads: name, type,
 * asset tag, serial number, site code and the unit code to type when there is no camera.
 */

type Doc = InstanceType<typeof PDFDocument>;

export interface LabelUnit {
  id: number;
  name: string;
  assetTag: string;
  serialNumber: string | null;
  type: string;
  /** The address the QR code holds: PUBLIC_URL + /u/<id>. */
  url: string;
}

export interface LabelSheetInput {
  site: { siteCode: string; name: string };
  layout: EquipmentLabelLayout;
  units: LabelUnit[];
}

const MM = 72 / 25.4;
const COLOURS = { ink: '#1f2933', muted: '#52606d', rule: '#e4e7eb' };

interface Grid {
  columns: number;
  rows: number;
  /** Space inside each label's edge. */
  padding: number;
  /** The QR code's largest side (it is also kept within the label's height). */
  maxQr: number;
  nameSize: number;
  textSize: number;
}

const GRIDS: Record<EquipmentLabelLayout, Grid> = {
  '3x8': { columns: 3, rows: 8, padding: 3.5 * MM, maxQr: 30 * MM, nameSize: 8.5, textSize: 6.8 },
  '2x4': { columns: 2, rows: 4, padding: 6 * MM, maxQr: 42 * MM, nameSize: 12, textSize: 9.5 },
};

/** Pixels a QR module is drawn with, and the quiet zone round the code, in modules. */
const QR_SCALE = 8;
const QR_MARGIN = 2;

/** One PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The QR code as a 1-bit greyscale PNG: level M, a two-module quiet zone, 8 pixels a module (sharp
 * when printed). Written here rather than by qrcode's renderer, whose RGBA PNG pdfkit must decode
 * pixel by pixel to split off the alpha channel: a 1-bit PNG without alpha goes into the PDF as it
 * is (its deflated rows are the image stream), which makes a 1,000-label part many times cheaper.
 */
async function qrPng(text: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = (size + 2 * QR_MARGIN) * QR_SCALE;
  const rowBytes = Math.ceil(side / 8);
  // Each row: filter byte 0 (none), then the pixels, 1 white and 0 black, eight a byte. A row of
  // modules is the same QR_SCALE pixel rows: drawn once, copied.
  const stride = rowBytes + 1;
  const rows = Buffer.alloc(stride * side);
  const line = Buffer.alloc(stride);
  for (let my = -QR_MARGIN; my < size + QR_MARGIN; my++) {
    line.fill(0);
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / QR_SCALE) - QR_MARGIN;
      const dark = my >= 0 && my < size && mx >= 0 && mx < size && data[my * size + mx] === 1;
      if (!dark) line[1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
    const first = (my + QR_MARGIN) * QR_SCALE;
    for (let y = first; y < first + QR_SCALE; y++) line.copy(rows, y * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * One line that fits `width`: a long serial number or type is set smaller (down to 70 %), and only
 * past that cut with an ellipsis, so a code people copy stays whole wherever it can.
 */
function fitLine(doc: Doc, text: string, width: number, size: number): { text: string; size: number } {
  doc.fontSize(size);
  const natural = doc.widthOfString(text);
  if (natural <= width) return { text, size };
  const smaller = Math.max(size * 0.7, (size * width) / natural);
  doc.fontSize(smaller);
  if (doc.widthOfString(text) <= width) return { text, size: smaller };
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return { text: `${cut}…`, size: smaller };
}

function drawLabel(
  doc: Doc,
  unit: LabelUnit,
  png: Buffer,
  box: { x: number; y: number; width: number; height: number },
  grid: Grid,
  siteCode: string,
) {
  // A hairline to cut along on plain paper; on pre-cut sheets it falls on the cut.
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.25).strokeColor(COLOURS.rule).stroke();
  const qrSize = Math.min(box.height - 2 * grid.padding, grid.maxQr);
  const qrY = box.y + (box.height - qrSize) / 2;
  doc.image(png, box.x + grid.padding, qrY, { width: qrSize, height: qrSize });

  const textX = box.x + grid.padding + qrSize + grid.padding * 0.8;
  const textWidth = box.x + box.width - grid.padding - textX;
  const lineGap = grid.textSize * 0.25;
  doc.x = textX;
  doc.y = qrY;
  doc
    .font('Helvetica-Bold')
    .fontSize(grid.nameSize)
    .fillColor(COLOURS.ink)
    .text(unit.name, textX, doc.y, {
      width: textWidth,
      height: grid.nameSize * 2.4,
      ellipsis: true,
      lineGap: 0,
    });
  const lines = [
    unit.type,
    `Tag ${unit.assetTag}`,
    unit.serialNumber ? `S/N ${unit.serialNumber}` : null,
    `Site ${siteCode}`,
  ].filter((line): line is string => line !== null);
  doc.font('Helvetica').fillColor(COLOURS.muted);
  for (const line of lines) {
    const y = doc.y + lineGap * 0.5;
    const fitted = fitLine(doc, line, textWidth, grid.textSize);
    // Fitted already: no width, so pdfkit never wraps it (it would at a hyphen).
    doc.fontSize(fitted.size).text(fitted.text, textX, y, { lineBreak: false });
    doc.y = y + grid.textSize * 1.2;
  }
  // The code to type in the inspector app's "Scan label" when there is no camera.
  doc
    .font('Helvetica-Bold')
    .fontSize(grid.textSize)
    .fillColor(COLOURS.ink)
    .text(`Code ${unit.id}`, textX, qrY + qrSize - grid.textSize, {
      width: textWidth,
      lineBreak: false,
    });
}

/** The label sheets as a PDF stream (ended): as many A4 pages as the units need. */
export async function renderLabelSheets(input: LabelSheetInput): Promise<Doc> {
  const PDF = await loadPdfKit();
  const grid = GRIDS[input.layout];
  const doc = new PDF({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: `Equipment labels ${input.site.siteCode}`,
      Subject: `QR labels for ${input.units.length} unit${input.units.length === 1 ? '' : 's'} at ${input.site.name}`,
    },
  });
  const perPage = grid.columns * grid.rows;
  for (const [index, unit] of input.units.entries()) {
    const slot = index % perPage;
    if (slot === 0) {
      // A page at a time, then the other requests' turn: a 1,000-label part holds the event loop
      // for one page's work at most, not the whole document's.
      if (index > 0) await new Promise((resolve) => setImmediate(resolve));
      doc.addPage({ size: 'A4', margin: 0 });
    }
    const width = doc.page.width / grid.columns;
    const height = doc.page.height / grid.rows;
    const box = {
      x: (slot % grid.columns) * width,
      y: Math.floor(slot / grid.columns) * height,
      width,
      height,
    };
    drawLabel(doc, unit, await qrPng(unit.url), box, grid, input.site.siteCode);
  }
  doc.end();
  return doc;
}

/** `labels-<siteCode>.pdf` (`-part-<n>` for one part of a larger site), the code made safe for a file name. */
export function labelsFileName(siteCode: string, part?: number): string {
  const code = siteCode.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `labels-${code || 'site'}${part ? `-part-${part}` : ''}.pdf`;
}
