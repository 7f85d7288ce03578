// `npm run bench -- sync-faults`: the fault-injection suite of electron/core/sync/faults/,
// longer. The service and four devices run in child processes; kill trials SIGKILL the
// syncing device or the service at seeded requests (before the service sees one, or after
// it committed and before the reply arrives); multi-device runs have three replicas of one
// account and a group member edit the same rows with random offline periods, then converge.
// Counts lost edits, duplicates, corrupt replicas, stuck outboxes, replicas unlike the
// service and silent overwrites (all must be 0). Then, with two devices in this process:
// how soon a dead service shows as offline, and an edit's median time to a second device.
// SYNC_FAULT_SEED, SYNC_FAULT_KILLS (300), SYNC_FAULT_RUNS (20), SYNC_FAULT_ROUNDS (6),
// SYNC_LIVE_EDITS (20), SYNC_OFFLINE_TRIALS (5).
import { seededRandom } from '../../shared/seededRandom.ts';
import { startFaultRig } from '../../electron/core/sync/faults/faultRig.ts';
import { runKillTrial } from '../../electron/core/sync/faults/killTrial.ts';
import { runConvergence } from '../../electron/core/sync/faults/convergenceRun.ts';
import { describeTally, emptyTally } from '../../electron/core/sync/faults/faultTally.ts';
import { measureLiveSync } from './liveSync.ts';
import { result, type BenchResult } from '../report.ts';

const SEED = Number(process.env.SYNC_FAULT_SEED ?? 13);
const KILLS = Number(process.env.SYNC_FAULT_KILLS ?? 300);
const RUNS = Number(process.env.SYNC_FAULT_RUNS ?? 20);
const ROUNDS = Number(process.env.SYNC_FAULT_ROUNDS ?? 6);

export async function runSyncFaultsBench(): Promise<BenchResult[]> {
  const tally = emptyTally();
  const started = performance.now();
  const progress = (what: string) => console.log(`  [${((performance.now() - started) / 1000).toFixed(0)} s] ${what}: ${describeTally(tally)}`);
  const rig = await startFaultRig(4);
  try {
    const random = seededRandom(SEED);
    const runs = seededRandom(SEED + 1);
    // The multi-device runs are spread among the kill trials, so a run cut short has some of each.
    const every = Math.max(1, Math.floor(KILLS / Math.max(1, RUNS)));
    let run = 0;
    for (let trial = 0; trial < KILLS; trial++) {
      await runKillTrial(rig, random, trial, tally);
      if ((trial + 1) % every === 0 && run < RUNS) {
        await runConvergence(rig, runs, run++, ROUNDS, tally);
        progress(`kill trial ${trial + 1} of ${KILLS}, multi-device run ${run} of ${RUNS}`);
      }
    }
    for (; run < RUNS; run++) await runConvergence(rig, runs, run, ROUNDS, tally);
  } finally {
    await rig.stop();
  }
  for (const failure of tally.failures.slice(0, 20)) console.log(`  SYNC_FAULT_SEED=${SEED} ${failure}`);
  const live = await measureLiveSync();

  const note = `seed ${SEED}; ${describeTally(tally)}`;
  return [
    result('sync faults: kill trials run', tally.killTrials, 'trials', 'min', 300, note),
    result('sync faults: multi-device runs (3 replicas + a group member)', tally.convergenceRuns, 'runs', 'min', 20),
    result('sync faults: lost edits', tally.lost, 'edits', 'max', 0),
    result('sync faults: duplicates on the service', tally.duplicates, 'rows', 'max', 0),
    result('sync faults: corrupt replicas (integrity_check)', tally.corrupt, 'files', 'max', 0),
    result('sync faults: outboxes not drained', tally.stuck, 'files', 'max', 0),
    result('sync faults: replicas unlike the service', tally.unequal, 'files', 'max', 0),
    result('sync faults: silent overwrites', tally.silentOverwrites, 'edits', 'max', 0, `${tally.conflictsShown} clashes shown as conflicts`),
    result('sync faults: other failures', tally.failures.length, 'failures', 'max', 0),
    result(`offline shown after the service died, slowest of ${live.offlineTrials}`, live.offlineSlowestMs / 1000, 's', 'max', 5, `median ${(live.offlineMedianMs / 1000).toFixed(2)} s`),
    result(`offline shown after an edit with the service dead, slowest of ${live.offlineTrials}`, live.editOfflineSlowestMs / 1000, 's', 'max', 5),
    result(`live edit reaches a second device, median of ${live.edits}`, live.medianMs / 1000, 's', 'max', 5, `slowest ${(live.slowestMs / 1000).toFixed(2)} s`),
  ];
}
