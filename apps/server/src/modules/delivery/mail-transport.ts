import nodemailer from 'nodemailer';

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
 * a request for minutes.
 */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async send(email) {
      await transporter.sendMail(email);
    },
    close: () => transporter.close(),
  };
}
