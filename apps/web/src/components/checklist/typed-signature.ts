/** The same size and ink as the drawing pad, so a typed signature prints like a drawn one. */
const WIDTH = 600;
const INK = '#14213d';
const CAPTION = '#4a5560';
// A plain italic system face: nothing to download, so it renders the same offline.
const NAME_FONT = 'italic 500 {size}px Georgia, "Times New Roman", "DejaVu Serif", serif';
const CAPTION_FONT = '20px system-ui, "DejaVu Sans", Arial, sans-serif';

/** "2026-11-27 04:40 UTC": the image may be read in another time zone (the PDF), so it says its own. */
export function signedAtLabel(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The line under a typed name: who typed it and when, kept inside the image itself. */
export function typedCaption(signer: string | undefined, at: Date): string {
  return `Typed${signer ? ` by ${signer}` : ''} · ${signedAtLabel(at)}`;
}

/**
 * Draws a typed name as a signature image: white background, the name in italic, shrunk to fit the
 * width, and a caption saying it was typed, by whom and when (a drawn signature needs no caption).
 */
export function drawTypedSignature(
  canvas: HTMLCanvasElement,
  name: string,
  caption: string,
  height: number,
): boolean {
  canvas.width = WIDTH;
  canvas.height = Math.round((WIDTH * height) / 300);
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  let size = Math.round(canvas.height * 0.42);
  context.font = NAME_FONT.replace('{size}', String(size));
  while (size > 18 && context.measureText(name).width > WIDTH - 40) {
    size -= 2;
    context.font = NAME_FONT.replace('{size}', String(size));
  }
  context.fillStyle = INK;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  const baseline = Math.round(canvas.height * 0.62);
  context.fillText(name, WIDTH / 2, baseline);
  // A signing line under the name, as on paper.
  context.strokeStyle = '#9aa5b1';
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(30, baseline + 10);
  context.lineTo(WIDTH - 30, baseline + 10);
  context.stroke();
  context.font = CAPTION_FONT;
  context.fillStyle = CAPTION;
  context.fillText(caption, WIDTH / 2, Math.min(canvas.height - 10, baseline + 40), WIDTH - 40);
  return true;
}
