// A loopback port nothing listens on right now, for a server that will listen on it a moment
// later, or again after a restart (a killed service comes back on the same address).
//
// The port is drawn below the system's ephemeral range: the kernel hands ports in that range
// to every outgoing connection and to every listen(0), so a port taken from it may be in use
// by another process's connection by the time the caller listens. Ports below the range are
// only ever taken by a program asking for them by number. Callers that can retry on
// EADDRINUSE still do.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where the drawn ports start: above the well-known and most registered services' ports. */
const LOWEST = 20_000;

/** The first port of the ephemeral range (Linux says; Windows and macOS start at 49152). */
export function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && Number.isInteger(low)) return low;
  } catch {
    // Not Linux.
  }
  return 49_152;
}

function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

export async function freePort(): Promise<number> {
  const end = ephemeralRangeStart();
  if (end - LOWEST >= 1_000) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = await listenOnce(LOWEST + Math.floor(Math.random() * (end - LOWEST)));
      if (port) return port;
    }
  }
  const port = await listenOnce(0);
  if (!port) throw new Error('No free loopback port');
  return port;
}
