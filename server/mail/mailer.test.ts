// The two mail paths: an SMTP server when one is configured (a stand-in on 127.0.0.1 here),
// else the outbox directory with a log line naming each message.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../testing/smtpStandIn.ts';

let dir: string;
let smtp: SmtpStandIn;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-mail-'));
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const message = { to: 'ada@example.org', subject: 'Hello\r\nBcc: injected@example.org', text: 'Open https://refshelf.example/oauth/x?token=abc\n' };

describe('mailer', () => {
  it('without SMTP writes an .eml file to the outbox and logs a line naming it', async () => {
    const lines: string[] = [];
    const outboxDir = path.join(dir, 'outbox');
    await createMailer({ smtpUrl: null, from: 'RefShelf <no-reply@refshelf.example>', outboxDir, log: (line) => lines.push(line) }).send(message);
    expect(lines).toHaveLength(1);
    const file = /written to (\S+\.eml)$/.exec(lines[0]!)?.[1];
    expect(file && path.dirname(file)).toBe(outboxDir);
    expect(lines[0]).toContain('ada@example.org');
    const eml = readFileSync(file!, 'utf8');
    expect(eml).toContain('To: ada@example.org\r\n');
    // A line break in a header cannot add a header.
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toContain('https://refshelf.example/oauth/x?token=abc');
  });

  it('with an SMTP URL hands the message to that server', async () => {
    const before = smtp.received.length;
    const lines: string[] = [];
    await createMailer({ smtpUrl: smtp.url, from: 'RefShelf <no-reply@refshelf.example>', outboxDir: path.join(dir, 'unused'), log: (line) => lines.push(line) }).send(message);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.from).toBe('no-reply@refshelf.example');
    expect(mail!.to).toEqual(['ada@example.org']);
    expect(mail!.data).toContain('https://refshelf.example/oauth/x?token=abc');
    expect(mail!.data).not.toMatch(/^Bcc:/m);
    expect(lines).toEqual([]);
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@refshelf.example', outboxDir: dir, log: () => undefined });
    await expect(mailer.send(message)).rejects.toThrow();
  });
});
