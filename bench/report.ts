// One line per figure: the measurement, its target and the ratio between them.

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** 'min': value must be at least the target; 'max': at most. */
  kind: 'min' | 'max';
  met: boolean;
  note?: string;
}

export function result(name: string, value: number, unit: string, kind: 'min' | 'max', target: number, note?: string): BenchResult {
  return { name, value, unit, target, kind, met: kind === 'min' ? value >= target : value <= target, note };
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2));

export function printResults(results: BenchResult[]): void {
  for (const r of results) {
    // Ratio > 1 always means better than the target.
    const ratio = r.kind === 'min' ? r.value / r.target : r.target / Math.max(r.value, 1e-9);
    const line = `${r.met ? 'ok  ' : 'MISS'}  ${r.name.padEnd(52)} ${fmt(r.value).padStart(10)} ${r.unit.padEnd(6)} target ${r.kind === 'min' ? '>=' : '<='} ${fmt(r.target)} ${r.unit}  (${ratio.toFixed(2)}x)`;
    console.log(r.note ? `${line}  ${r.note}` : line);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}
