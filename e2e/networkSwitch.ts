// A loopback TCP relay in front of the service that a test can switch off and on: a device
// that talks to the service through it sees a real network failure (refused and reset
// connections), not a simulated one.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface NetworkSwitch {
  url: string;
  setOnline(online: boolean): void;
  close(): Promise<void>;
}

export async function startNetworkSwitch(targetUrl: string): Promise<NetworkSwitch> {
  const target = new URL(targetUrl);
  const open = new Set<Socket>();
  let online = true;
  const server: Server = createServer((client) => {
    if (!online) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The network switch has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    setOnline(next) {
      online = next;
      if (!next) for (const socket of open) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
