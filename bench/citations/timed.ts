/**
 * This process's CPU time (user + system, all its threads) while `work` runs, in ms: on a
 * machine shared by many processes the wall time mostly measures waiting for a core; CPU
 * time is what the work costs. Both are reported.
 */
export async function timed(work: () => unknown): Promise<{ cpu: number; wall: number }> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
}
