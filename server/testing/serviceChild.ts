// The real test service in a process of its own, for fault tests that SIGKILL it: started
// with `node --import tsx serviceChild.ts` and an IPC channel, over REFSHELF_DATA_DIR (kept
// across restarts) on REFSHELF_PORT (a free port the parent chose: one build, not two). It says `{ ready, url }` once it
// listens, and answers `createUser` / `createGroup` requests by their `rpc` number. With
// REFSHELF_STANDBY set it loads its code and waits for `{ op: 'start' }` first: a spare that
// takes over at once after the running one is killed.
import { startTestService } from './testService.ts';
import { insertGroup } from '../library/libraryTestData.ts';

export type ServiceChildRequest =
  | { rpc: number; op: 'createUser' }
  | { rpc: number; op: 'createGroup'; ownerId: string; memberIds: string[] }
  | { op: 'start' };

export type ServiceChildMessage =
  | { ready: true; url: string }
  | { rpc: number; ok: true; value: unknown }
  | { rpc: number; ok: false; error: string };

async function main(): Promise<void> {
  const dataDir = process.env.REFSHELF_DATA_DIR;
  if (!dataDir || !process.send) throw new Error('serviceChild needs REFSHELF_DATA_DIR and an IPC channel');
  const port = Number(process.env.REFSHELF_PORT);
  if (!port) throw new Error('serviceChild needs REFSHELF_PORT');
  if (process.env.REFSHELF_STANDBY) {
    await new Promise<void>((resolve) => process.on('message', (m: ServiceChildRequest) => m.op === 'start' && resolve()));
  }
  const service = await startTestService({ dataDir, port, publicUrl: `http://127.0.0.1:${port}` });
  const send = (message: ServiceChildMessage) => process.send?.(message);
  process.on('message', (request: ServiceChildRequest) => {
    if (request.op === 'start') return;
    const answer = async (): Promise<unknown> => {
      if (request.op === 'createUser') {
        const user = await service.createUser();
        return { id: user.id, token: user.token };
      }
      return insertGroup(service, request.ownerId, Object.fromEntries(request.memberIds.map((id) => [id, 'normal'])));
    };
    answer().then(
      (value) => send({ rpc: request.rpc, ok: true, value }),
      (error: unknown) => send({ rpc: request.rpc, ok: false, error: String(error) }),
    );
  });
  // The parent went away: so does the service.
  process.on('disconnect', () => process.exit(0));
  send({ ready: true, url: service.url });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
