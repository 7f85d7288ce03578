// Reader statistics as rows for small bar charts: the largest groups first, the rest summed.
export interface StatBar {
  label: string;
  count: number;
  /** Of the largest bar, 0..1. */
  share: number;
}

export function statBars(counts: Record<string, number> | undefined, keep = 5): StatBar[] {
  const entries = Object.entries(counts ?? {}).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = entries.slice(0, keep);
  const rest = entries.slice(keep).reduce((sum, [, n]) => sum + n, 0);
  if (rest > 0) shown.push(['Others', rest]);
  const max = Math.max(1, ...shown.map(([, n]) => n));
  return shown.map(([label, count]) => ({ label, count, share: count / max }));
}
