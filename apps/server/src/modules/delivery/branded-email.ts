import type { EmailMessage } from './delivery.service.js';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface BrandedEmailOptions {
  productName: string;
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the code. */
  intro: string[];
  /** A one-time code shown large in the HTML and on its own line in the text. */
  code?: string;
  /** A link after the intro: a button in the HTML, its absolute URL on its own line in the text. */
  action?: { label: string; url: string };
  /** Paragraphs after the code. */
  outro?: string[];
  /** The user the email is for (the only one who may read its code in the outbox). */
  recipientUserId?: number;
}

/** A plain-text and an HTML body of the same message, under the product's name. */
export function brandedEmail(options: BrandedEmailOptions): EmailMessage {
  const { productName, code, action } = options;
  const outro = options.outro ?? [];
  const text = [
    options.greeting,
    '',
    ...options.intro.flatMap((p) => [p, '']),
    ...(code ? [`    ${code}`, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...outro.flatMap((p) => [p, '']),
    `-- ${productName}`,
  ].join('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">
<div style="max-width:520px;margin:0 auto;padding:24px">
<div style="font-size:18px;font-weight:bold;color:#1f5fa6;margin-bottom:16px">${escapeHtml(productName)}</div>
<div style="background:#ffffff;border:1px solid #dde2e8;border-radius:8px;padding:24px">
${paragraph(options.greeting)}
${options.intro.map(paragraph).join('\n')}
${code ? `<p style="margin:8px 0 18px;font-size:30px;font-weight:bold;letter-spacing:6px;font-family:Consolas,monospace">${escapeHtml(code)}</p>` : ''}
${action ? `<p style="margin:8px 0 18px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1f5fa6;color:#ffffff;text-decoration:none;font-weight:bold;padding:10px 18px;border-radius:6px">${escapeHtml(action.label)}</a></p>` : ''}
${outro.map((p) => `<p style="margin:0 0 10px;font-size:13px;color:#5c6670">${escapeHtml(p)}</p>`).join('\n')}
</div>
<p style="font-size:12px;color:#7a8490;margin-top:16px">This message was sent by ${escapeHtml(productName)}.</p>
</div></body></html>`;
  return {
    to: options.to,
    subject: options.subject,
    text,
    html,
    recipientUserId: options.recipientUserId ?? null,
    secrets: code ? [code] : [],
  };
}
