// Reads the e-mails the service wrote to its outbox directory (no SMTP in tests).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

export function outboxMails(outboxDir: string): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const raw = readFileSync(path.join(outboxDir, name), 'utf8');
    const [head = '', ...body] = raw.split('\r\n\r\n');
    const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
    return { to: header('To'), subject: header('Subject'), text: body.join('\r\n\r\n') };
  });
}

/** The service path (with query) of the last link e-mailed to an address under a path. */
export function lastLinkTo(outboxDir: string, to: string, pathPrefix: string): string {
  const mail = outboxMails(outboxDir).filter((m) => m.to === to && m.text.includes(pathPrefix)).at(-1);
  if (!mail) throw new Error(`No e-mail to ${to} with a ${pathPrefix} link`);
  const url = new URL(new RegExp(`https?://\\S+${pathPrefix.replace(/[/?]/g, '\\$&')}\\S*`).exec(mail.text)![0]);
  return `${url.pathname}${url.search}`;
}
