import type PDFDocument from 'pdfkit';
import type { FileStorage } from './files/file-storage.js';
import { fileNameFromUrl } from './files/file-urls.js';
import { loadSharp } from './files/image-processing.js';

// What every PDF the server writes (inspection reports, orders, bills) shares.

type Doc = InstanceType<typeof PDFDocument>;

/**
 * pdfkit, loaded on the first PDF rather than at start (about 110 ms of the server's start):
 * every PDF writer takes the class from here.
 */
export async function loadPdfKit(): Promise<typeof PDFDocument> {
  return (await import('pdfkit')).default;
}

/** The organisation's logo as PNG for pdfkit (uploads are WebP); null when there is none or it is unreadable. */
export async function loadPdfLogo(storage: FileStorage, logoUrl: string | null): Promise<Buffer | null> {
  const name = fileNameFromUrl(logoUrl);
  const data = name ? await storage.read(name) : null;
  if (!data) return null;
  try {
    const sharp = await loadSharp();
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .resize(400, 400, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** Paise as rupees with Indian digit grouping, for print: 12345678 → "1,23,456.78". */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100).toLocaleString('en-IN');
  return `${sign}${rupees}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PageFooter {
  /** Left edge and width of the text column. */
  left: number;
  width: number;
  /** Page margin: the footer sits just above it. */
  margin: number;
  /** What the footer says on the left (the page number is on the right). */
  text: string;
  textColour: string;
  ruleColour: string;
  /** The page number's colour, when it differs from the text's (a cancelled bill's red text). */
  pageNumberColour?: string;
}

/**
 * A rule, the footer text and "Page N of M" on every page, once all pages exist (the document must be
 * made with `bufferPages: true`).
 */
export function writePageFooters(doc: Doc, footer: PageFooter): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    const y = doc.page.height - footer.margin - 6;
    doc
      .moveTo(footer.left, y - 8)
      .lineTo(footer.left + footer.width, y - 8)
      .lineWidth(0.5)
      .strokeColor(footer.ruleColour)
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(footer.textColour);
    doc.text(footer.text, footer.left, y, { width: footer.width - 80, lineBreak: false });
    doc
      .fillColor(footer.pageNumberColour ?? footer.textColour)
      .text(`Page ${i - range.start + 1} of ${range.count}`, footer.left, y, {
        width: footer.width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}
