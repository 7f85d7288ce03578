// For tests: a mail server on 127.0.0.1 that speaks just enough SMTP (RFC 5321: EHLO, MAIL,
// RCPT, DATA, RSET, NOOP, QUIT) to accept messages, and keeps them. No TLS and no AUTH are
// offered, so a client talks plain SMTP to it.
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent after DATA, dot-unstuffed, lines joined by CRLF. */
  data: string;
}

export interface SmtpStandIn {
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: (mails: ReceivedMail[]) => void }[] = [];
  const sockets = new Set<net.Socket>();
  const delivered = (mail: ReceivedMail) => {
    received.push(mail);
    for (const waiter of waiters.filter((w) => received.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve([...received]);
    }
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    let dataLines: string[] | null = null;
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 stand-in ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (dataLines) {
          if (line === '.') {
            delivered({ ...envelope, data: dataLines.join('\r\n') });
            dataLines = null;
            envelope = { from: '', to: [] };
            say('250 2.0.0 queued');
          } else dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 stand-in');
        else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          say('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          say('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          dataLines = [];
          say('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          say('250 ok');
        } else if (verb === 'NOOP') say('250 ok');
        else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
