// Outgoing e-mail. With an SMTP URL configured, messages go to that server; without one
// (development, tests, a local install) each message is written to the outbox directory as
// an .eml file and a log line names it, so the link it carries can be followed by hand.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Whether a send failed for want of a working mail server (refused or dropped connection,
 * timeout, DNS) rather than because the server answered and refused this one message: only a
 * refusal carries the server's SMTP reply code. After such a failure the next send fails too.
 */
export function isMailServerUnreachable(error: unknown): boolean {
  return !(typeof error === 'object' && error !== null && typeof (error as { responseCode?: unknown }).responseCode === 'number');
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log(line: string): void;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // Sending happens inside a request (a sign-up, an invitation): a silent mail server must
    // fail it within seconds, not hold it for the library's default of an hour.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, emlText(options.from, message), { mode: 0o600 });
      options.log(`E-mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}

/** A plain-text RFC 5322 message; headers are ASCII-safe because we write them ourselves. */
function emlText(from: string, message: MailMessage): string {
  const header = (value: string) => value.replace(/[\r\n]+/g, ' ');
  return [
    `From: ${header(from)}`,
    `To: ${header(message.to)}`,
    `Subject: ${header(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}
