// Stopping on SIGTERM without failing anyone: the readiness check turns 503 at once, the
// listening socket closes (new connections are refused, a new request on a kept-alive
// connection gets 503 and Connection: close), requests in flight run to their answer, the
// live-sync streams end cleanly (clients reconnect to another instance), then the database
// closes. Requests still running after the grace period are cut, so a stuck request cannot
// keep an instance from stopping.
import type { BuiltService } from '../app.ts';

export interface ShutdownOutcome {
  /** False when the grace period ran out and connections were cut. */
  drained: boolean;
}

export async function shutDownGracefully(service: BuiltService, graceMs: number): Promise<ShutdownOutcome> {
  service.ctx.lifecycle.startDraining(service.ctx.now());
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), graceMs);
  });
  const closing = service.close().then(() => 'closed' as const);
  const first = await Promise.race([closing, expired]);
  clearTimeout(timer);
  if (first === 'closed') return { drained: true };
  service.app.server.closeAllConnections();
  await closing;
  return { drained: false };
}
