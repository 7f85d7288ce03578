// One kill trial: a device makes edits (each answered only once committed), then syncs while
// the device or the service is SIGKILLed at a seeded request, either before the service sees
// it or after it committed (the reply never arrives). The killed process starts again on the
// same files and the device syncs until its outbox drains. Then every edit must be on the
// service exactly once, and the replica sound and equal to the service.
import { ChildGoneError } from './childProcesses.ts';
import type { FaultRig } from './faultRig.ts';
import { serviceView } from './faultRig.ts';
import type { FaultTally } from './faultTally.ts';

const RECOVERY_SYNCS = 6;

export async function runKillTrial(rig: FaultRig, random: () => number, trial: number, tally: FaultTally): Promise<void> {
  const device = rig.devices[0]!;
  const user = await rig.service.createUser();
  await device.open(user);
  const call = <T>(body: Parameters<typeof device.process.request>[0]) => device.process.request<T>(body);

  // A clean start: one document with its note already on the service.
  const base = await call<string>({ op: 'createDocument', title: `T${trial} base` });
  const baseNote = await call<string>({ op: 'createNote', documentId: base, text: `T${trial} base note` });
  await call({ op: 'sync' });

  // The edits the kill must not lose.
  const titles = [`T${trial} base edited`];
  const notes = [`T${trial} base note edited`];
  const folders = [`T${trial} folder`];
  const created = 1 + Math.floor(random() * 3);
  for (let i = 0; i < created; i++) {
    const doc = await call<string>({ op: 'createDocument', title: `T${trial} doc ${i}` });
    await call({ op: 'createNote', documentId: doc, text: `T${trial} note ${i}` });
    titles.push(`T${trial} doc ${i}`);
    notes.push(`T${trial} note ${i}`);
  }
  await call({ op: 'createFolder', name: folders[0]! });
  await call({ op: 'setField', kind: 'document', id: base, field: 'title', value: titles[0] });
  await call({ op: 'setField', kind: 'annotation', id: baseNote, field: 'text', value: notes[0] });
  tally.edits += 3 + 2 * created;

  // The fault, at a seeded request of this sync.
  // Every third trial kills the service (a restart costs seconds); the others the device.
  const victim = trial % 3 === 2 ? 'service' : 'device';
  const when = random() < 0.5 ? 'request' : 'answered';
  const at = 1 + Math.floor(random() * (2 * created + 6));
  let seen = 0;
  let killing: Promise<void> | undefined;
  const kill = () => (killing = victim === 'device' ? device.process.kill() : rig.service.kill());
  device.proxy.tap((exchange) => {
    if (killing) return 'drop';
    if (exchange.phase === 'request') seen++;
    if (seen < at || exchange.phase !== when) return 'pass';
    void kill();
    if (when === 'answered') tally.repliesDropped++;
    return 'drop';
  });
  const interrupted = await call({ op: 'sync' }).then(() => false, (error: unknown) => error instanceof ChildGoneError || !!killing);
  device.proxy.tap(undefined);
  if (killing) {
    await killing;
    if (victim === 'device') {
      tally.deviceKills++;
      await device.respawn();
    } else {
      tally.serviceKills++;
      await rig.service.restart();
    }
  } else if (interrupted) {
    tally.failures.push(`trial ${trial}: the sync failed with no fault injected`);
  }
  tally.killTrials++;

  for (let i = 0; i < RECOVERY_SYNCS; i++) {
    const done = await call({ op: 'sync' }).then(() => true, () => false);
    if (done && (await device.process.snapshot()).outbox === 0) break;
  }

  const where = `trial ${trial} (${victim} killed ${when === 'request' ? 'as request' : 'after the answer to request'} ${at}${killing ? '' : ', never reached'})`;
  const snapshot = await device.process.snapshot();
  const onService = await serviceView(rig.service, user.token);
  if (snapshot.integrity !== 'ok') {
    tally.corrupt++;
    tally.failures.push(`${where}: integrity_check says ${snapshot.integrity}`);
  }
  if (snapshot.outbox > 0 || snapshot.held > 0) {
    tally.stuck++;
    tally.failures.push(`${where}: ${snapshot.outbox} changes still in the outbox, ${snapshot.held} held`);
  }
  const tallyCopies = (what: string, expected: string[], found: (string | null | undefined)[]) => {
    for (const value of expected) {
      const n = found.filter((f) => f === value).length;
      if (n === 0) tally.lost++;
      if (n > 1) tally.duplicates += n - 1;
      if (n !== 1) tally.failures.push(`${where}: ${what} "${value}" is on the service ${n} times`);
    }
    for (const value of found) {
      if (!expected.includes(value ?? '')) tally.failures.push(`${where}: ${what} "${value}" on the service was never the newest edit`);
    }
  };
  tallyCopies('document', titles, onService.documents.map((d) => d.title));
  tallyCopies('note', notes, onService.annotations.map((a) => a.text));
  tallyCopies('folder', folders, onService.folders.map((f) => f.name));

  const same = (a: [string, unknown][], b: [string, unknown][]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  const equal = same(snapshot.documents.map((d) => [d.id, d.title]), onService.documents.map((d) => [d.id, d.title]))
    && same(snapshot.annotations.map((a) => [a.id, a.text]), onService.annotations.map((a) => [a.id, a.text]))
    && same(snapshot.folders.map((f) => [f.id, f.name]), onService.folders.map((f) => [f.id, f.name]));
  if (!equal) {
    tally.unequal++;
    tally.failures.push(`${where}: the replica differs from the service`);
  }
}
