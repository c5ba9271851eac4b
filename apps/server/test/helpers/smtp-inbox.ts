import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

/**
 * A real SMTP server in the test process: the app sends over the network with nodemailer, the
 * test reads what arrived.
 */
export interface SmtpInbox {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the newest message to an address (after `since` messages), up to `timeoutMs`. */
  waitFor(address: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  countFor(address: string): number;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const forAddress = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    countFor: (address) => forAddress(address).length,
    async waitFor(address, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      const after = options.after ?? 0;
      while (Date.now() < deadline) {
        const found = forAddress(address);
        if (found.length > after) return found[found.length - 1]!;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail for ${address} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a message (it is in the subject and the body). */
export function codeOf(mail: ReceivedMail): string {
  const match = /code: (\d{6})/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mail.raw);
  if (!match) throw new Error(`no code in ${mail.subject}`);
  return match[1]!;
}
