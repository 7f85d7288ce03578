// What the fault trials counted: the faults injected and every way the sync let data down.
// Each failure is a sentence naming its trial, so a seed and a line are enough to replay it.
export interface FaultTally {
  killTrials: number;
  deviceKills: number;
  serviceKills: number;
  repliesDropped: number;
  convergenceRuns: number;
  edits: number;
  lost: number;
  duplicates: number;
  corrupt: number;
  stuck: number;
  unequal: number;
  silentOverwrites: number;
  /** Same-field clashes the person is shown (open conflicts at the end). */
  conflictsShown: number;
  failures: string[];
}

export function emptyTally(): FaultTally {
  return {
    killTrials: 0, deviceKills: 0, serviceKills: 0, repliesDropped: 0, convergenceRuns: 0, edits: 0,
    lost: 0, duplicates: 0, corrupt: 0, stuck: 0, unequal: 0, silentOverwrites: 0, conflictsShown: 0, failures: [],
  };
}

export function describeTally(t: FaultTally): string {
  return `${t.killTrials} kill trials (${t.deviceKills} device kills, ${t.serviceKills} service kills, ${t.repliesDropped} replies dropped after the answer), `
    + `${t.convergenceRuns} multi-device runs, ${t.edits} edits: ${t.lost} lost, ${t.duplicates} duplicates, ${t.corrupt} corrupt replicas, `
    + `${t.stuck} stuck outboxes, ${t.unequal} replicas unlike the service, ${t.silentOverwrites} silent overwrites, ${t.conflictsShown} conflicts shown`;
}
