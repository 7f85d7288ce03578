// One multi-device run: three devices of one account and a second group member edit the same
// documents, folders and notes over seeded rounds, each device online or offline at random,
// then all come online and sync until quiet. Then: every replica sound, its outbox drained,
// equal to the service (a field under an open conflict keeps the local side and the conflict
// the service's), created documents there exactly once, and every edit the service's final
// value does not descend from shown as a conflict somewhere: never silently overwritten.
import type { EntityKind } from '../../replica/index.ts';
import type { DeviceSnapshot } from './deviceProtocol.ts';
import type { FaultRig, RigDevice, ServiceView } from './faultRig.ts';
import { serviceView } from './faultRig.ts';
import type { FaultTally } from './faultTally.ts';

interface Target {
  kind: EntityKind;
  id: string;
  field: 'title' | 'abstract' | 'name' | 'text';
  /** Devices (by index) that may edit it. */
  editors: number[];
}

interface Edit {
  target: Target;
  value: string;
  previous: unknown;
}

const SETTLE_PASSES = 4;

export async function runConvergence(rig: FaultRig, random: () => number, run: number, rounds: number, tally: FaultTally): Promise<void> {
  const [a1, a2, a3, b1] = rig.devices as [RigDevice, RigDevice, RigDevice, RigDevice];
  const alice = await rig.service.createUser();
  const bob = await rig.service.createUser();
  const group = await rig.service.createGroup(alice.id, [bob.id]);
  for (const d of [a1, a2, a3]) await d.open(alice);
  await b1.open(bob);
  const devices = [a1, a2, a3, b1];
  const names = ['A1', 'A2', 'A3', 'B1'];
  const failures: string[] = [];
  const where = `run ${run}`;
  const call = <T>(d: RigDevice, body: Parameters<RigDevice['process']['request']>[0]) => d.process.request<T>(body);
  const sync = async (d: RigDevice) => {
    try {
      await call(d, { op: 'sync' });
    } catch (error) {
      failures.push(`${where}: ${names[devices.indexOf(d)]} failed to sync online: ${(error as Error).message}`);
    }
  };

  // The shared objects, made by A1 (and B1's own note), on every device before the rounds.
  const local = {
    p0: await call<string>(a1, { op: 'createDocument', title: `R${run} personal 0` }),
    p1: await call<string>(a1, { op: 'createDocument', title: `R${run} personal 1` }),
    g0: await call<string>(a1, { op: 'createDocument', title: `R${run} group 0`, groupId: group }),
    g1: await call<string>(a1, { op: 'createDocument', title: `R${run} group 1`, groupId: group }),
    pf: await call<string>(a1, { op: 'createFolder', name: `R${run} personal folder` }),
    gf: await call<string>(a1, { op: 'createFolder', name: `R${run} group folder`, groupId: group }),
  };
  const notes = {
    p0: await call<string>(a1, { op: 'createNote', documentId: local.p0, text: `R${run} note on personal 0` }),
    g0: await call<string>(a1, { op: 'createNote', documentId: local.g0, text: `R${run} note on group 0`, groupId: group }),
  };
  await sync(a1);
  const id = async (d: RigDevice, localId: string) => call<string>(d, { op: 'currentId', id: localId });
  const ids = Object.fromEntries(await Promise.all(Object.entries(local).map(async ([k, v]) => [k, await id(a1, v)]))) as typeof local;
  const noteIds = { p0: await id(a1, notes.p0), g0: await id(a1, notes.g0) };
  await sync(b1);
  const bobLocalNote = await call<string>(b1, { op: 'createNote', documentId: ids.g1, text: `R${run} Bob's note on group 1`, groupId: group });
  await sync(b1);
  const bobNote = await id(b1, bobLocalNote);
  for (const d of [a2, a3, a1]) await sync(d);

  const A = [0, 1, 2];
  const everyone = [0, 1, 2, 3];
  const targets: Target[] = [
    { kind: 'document', id: ids.p0, field: 'title', editors: A },
    { kind: 'document', id: ids.p0, field: 'abstract', editors: A },
    { kind: 'document', id: ids.p1, field: 'title', editors: A },
    { kind: 'document', id: ids.g0, field: 'title', editors: everyone },
    { kind: 'document', id: ids.g1, field: 'abstract', editors: everyone },
    { kind: 'folder', id: ids.pf, field: 'name', editors: A },
    { kind: 'folder', id: ids.gf, field: 'name', editors: everyone },
    { kind: 'annotation', id: noteIds.p0, field: 'text', editors: A },
    { kind: 'annotation', id: noteIds.g0, field: 'text', editors: A },
    { kind: 'annotation', id: bobNote, field: 'text', editors: [3] },
  ];
  const edits: Edit[] = [];
  const createdTitles: { title: string; group: boolean }[] = [];

  for (let round = 0; round < rounds; round++) {
    const online = devices.map(() => random() < 0.6);
    devices.forEach((d, i) => d.proxy.setOffline(!online[i]));
    for (let i = 0; i < devices.length; i++) {
      const count = Math.floor(random() * 3);
      for (let n = 0; n < count; n++) {
        const mine = targets.filter((t) => t.editors.includes(i));
        const target = mine[Math.floor(random() * mine.length)]!;
        const value = `R${run} r${round} ${names[i]} ${target.field} ${n}`;
        const previous = await call(devices[i]!, { op: 'setField', kind: target.kind, id: target.id, field: target.field, value });
        edits.push({ target, value, previous });
      }
      if (random() < 0.2) {
        const inGroup = i === 3 || random() < 0.5;
        const title = `R${run} r${round} ${names[i]} new`;
        await call(devices[i]!, { op: 'createDocument', title, ...(inGroup ? { groupId: group } : {}) });
        createdTitles.push({ title, group: inGroup });
      }
    }
    const order = devices.map((_, i) => i).sort(() => random() - 0.5);
    for (const i of order) if (online[i]) await sync(devices[i]!);
  }
  tally.edits += edits.length + createdTitles.length;

  // Everyone online, syncing until nothing is left to send.
  for (const d of devices) d.proxy.setOffline(false);
  let snapshots: DeviceSnapshot[] = [];
  for (let pass = 0; pass < SETTLE_PASSES; pass++) {
    for (const d of devices) await sync(d);
    snapshots = await Promise.all(devices.map((d) => d.process.snapshot()));
    if (pass >= 1 && snapshots.every((s) => s.outbox === 0)) break;
  }
  // One more pass so every device has pulled the last pushes.
  for (const d of devices) await sync(d);
  snapshots = await Promise.all(devices.map((d) => d.process.snapshot()));

  const aliceView = await serviceView(rig.service, alice.token, [group]);
  const bobView = await serviceView(rig.service, bob.token, [group]);
  snapshots.forEach((s, i) => {
    const who = `${where}: ${names[i]}`;
    if (s.integrity !== 'ok') {
      tally.corrupt++;
      failures.push(`${who}: integrity_check says ${s.integrity}`);
    }
    if (s.outbox > 0 || s.held > 0) {
      tally.stuck++;
      failures.push(`${who}: ${s.outbox} changes still in the outbox, ${s.held} held`);
    }
    const differences = compare(s, i === 3 ? bobView : aliceView);
    if (differences.length) {
      tally.unequal++;
      failures.push(`${who} differs from the service: ${differences.slice(0, 3).join('; ')}`);
    }
  });

  for (const { title } of createdTitles) {
    const n = aliceView.documents.filter((d) => d.title === title).length;
    if (n === 0) tally.lost++;
    if (n > 1) tally.duplicates += n - 1;
    if (n !== 1) failures.push(`${where}: the new document "${title}" is on the service ${n} times`);
  }

  // Silent overwrites: an edit the final value does not descend from, with no conflict shown.
  const previousOf = new Map(edits.map((e) => [e.value, e.previous]));
  const conflicts = snapshots.flatMap((s) => s.conflicts);
  tally.conflictsShown += conflicts.length;
  for (const target of targets) {
    const final = fieldOnService(aliceView, target) ?? fieldOnService(bobView, target);
    const history = new Set<unknown>();
    for (let v: unknown = final; v !== undefined && v !== null && !history.has(v); v = previousOf.get(v as string)) history.add(v);
    const shown = conflicts.filter((c) => c.kind === target.kind && c.id === target.id && c.field === target.field);
    const descendsFromShown = (value: string) => shown.some((c) => {
      for (let v: unknown = c.local_value; v !== undefined && v !== null; v = previousOf.get(v as string)) if (v === value) return true;
      return false;
    });
    for (const edit of edits) {
      if (edit.target !== target || history.has(edit.value) || descendsFromShown(edit.value)) continue;
      tally.silentOverwrites++;
      failures.push(`${where}: "${edit.value}" was overwritten by "${String(final)}" with no conflict shown`);
    }
  }
  tally.convergenceRuns++;
  tally.failures.push(...failures);
}

function fieldOnService(view: ServiceView, target: Target): unknown {
  const rows: Record<string, unknown>[] = target.kind === 'document' ? view.documents : target.kind === 'folder' ? view.folders : view.annotations;
  return rows.find((r) => r.id === target.id)?.[target.field];
}

/** Where a replica differs from the service, field by field; a field with an open conflict may hold the local side. */
function compare(snapshot: DeviceSnapshot, view: ServiceView): string[] {
  const out: string[] = [];
  const check = (kind: EntityKind, local: Record<string, unknown>[], remote: Record<string, unknown>[], fields: string[]) => {
    const mine = new Map(local.map((r) => [r.id as string, r]));
    for (const row of remote) {
      const here = mine.get(row.id as string);
      mine.delete(row.id as string);
      if (!here) {
        out.push(`${kind} ${String(row.id)} is missing`);
        continue;
      }
      for (const field of fields) {
        const theirs = row[field] ?? null;
        if ((here[field] ?? null) === theirs) continue;
        const conflict = snapshot.conflicts.find((c) => c.kind === kind && c.id === row.id && c.field === field);
        if (conflict && (conflict.remote_value ?? null) === theirs && (conflict.local_value ?? null) === (here[field] ?? null)) continue;
        out.push(`${kind} ${String(row.id)} ${field} is "${String(here[field])}", the service has "${String(theirs)}"`);
      }
    }
    for (const id of mine.keys()) out.push(`${kind} ${id} is not on the service`);
  };
  check('document', snapshot.documents.filter((d) => !d.trashed), view.documents, ['title', 'abstract']);
  check('folder', snapshot.folders, view.folders, ['name']);
  check('annotation', snapshot.annotations, view.annotations, ['text']);
  return out;
}
