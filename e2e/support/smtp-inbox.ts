import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A real SMTP server inside the spec's process: the app under test sends to it over the network
 * (SMTP_URL), and the spec reads what arrived with `lastMessageFor`.
 */
export interface SmtpInbox {
  url: string;
  /** The newest message to an address, waiting for one to arrive after `after` earlier ones. */
  lastMessageFor(address: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
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
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^Subject: (.*)$/im.exec(headers)?.[1] ?? '',
          raw,
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
    countFor: (address) => forAddress(address).length,
    async lastMessageFor(address, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      while (Date.now() < deadline) {
        const found = forAddress(address);
        if (found.length > (options.after ?? 0)) return found[found.length - 1]!;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail for ${address} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a message. */
export function codeOf(mail: ReceivedMail): string {
  const match = /code: (\d{6})/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mail.raw);
  if (!match) throw new Error(`no code in "${mail.subject}"`);
  return match[1]!;
}
