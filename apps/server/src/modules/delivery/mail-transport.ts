import type { Transporter } from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** What sends an email: SMTP in production, a fake in tests. */
export interface MailTransport {
  readonly name: string;
  send(email: OutgoingEmail): Promise<void>;
  close?(): void;
}

/**
 * SMTP through nodemailer, from SMTP_URL (`smtp://user:pass@host:587` or `smtps://…:465`; query
 * options nodemailer understands may follow). Timeouts are short so a dead mail server cannot hold
 * a request for minutes. nodemailer is loaded and the transport made on the first email, not at start.
 */
export function createSmtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  let made: Transporter | undefined;
  const transport = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) => {
      made = nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      return made;
    });
    return transporter;
  };
  return {
    name: 'smtp',
    async send(email) {
      await (await transport()).sendMail(email);
    },
    close: () => made?.close(),
  };
}
