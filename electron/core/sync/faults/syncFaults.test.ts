// The sync under faults, with everything real and each part in a process of its own: the
// service and four devices (three of one account, one of a second group member). Kill trials
// SIGKILL the syncing device or the service at seeded requests; a multi-device run edits the
// same rows with random offline periods and converges. Seeded: SYNC_FAULT_SEED replays a run
// (the seed is in every failure message); SYNC_FAULT_KILLS and SYNC_FAULT_ROUNDS size it.
// `npm run bench -- sync-faults` runs the same trials, many more of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../shared/seededRandom.ts';
import { runConvergence } from './convergenceRun.ts';
import { startFaultRig, type FaultRig } from './faultRig.ts';
import { describeTally, emptyTally } from './faultTally.ts';
import { runKillTrial } from './killTrial.ts';

const seed = Number(process.env.SYNC_FAULT_SEED ?? 13);
const KILLS = Number(process.env.SYNC_FAULT_KILLS ?? 4);
const ROUNDS = Number(process.env.SYNC_FAULT_ROUNDS ?? 4);
// Starting five Node processes takes seconds each on a loaded machine.
const SLOW = 900_000;

let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig(4);
}, SLOW);
afterAll(async () => {
  await rig?.stop();
}, SLOW);

describe(`sync under faults in child processes (SYNC_FAULT_SEED=${seed})`, () => {
  it('loses, duplicates and corrupts nothing when the device or the service is SIGKILLed mid-sync', async () => {
    const random = seededRandom(seed);
    const tally = emptyTally();
    for (let trial = 0; trial < KILLS; trial++) await runKillTrial(rig, random, trial, tally);
    expect(tally.failures, `SYNC_FAULT_SEED=${seed}: ${describeTally(tally)}`).toEqual([]);
    expect(tally.deviceKills, 'the device was killed').toBeGreaterThan(0);
    expect(tally.serviceKills, 'the service was killed').toBeGreaterThan(0);
    expect(tally.lost + tally.duplicates + tally.corrupt + tally.stuck + tally.unequal).toBe(0);
  }, SLOW);

  it('converges three replicas of one account and a group member editing the same rows offline', async () => {
    const tally = emptyTally();
    await runConvergence(rig, seededRandom(seed + 1), 0, ROUNDS, tally);
    expect(tally.failures, `SYNC_FAULT_SEED=${seed}: ${describeTally(tally)}`).toEqual([]);
    expect(tally.convergenceRuns).toBe(1);
    expect(tally.silentOverwrites + tally.stuck + tally.unequal + tally.corrupt).toBe(0);
  }, SLOW);
});
