// A small horizontal bar chart of reader counts (CSS bars on the theme's colours), and a
// one-line stacked bar for result rows.
import { statBars } from './readerStats.ts';

export function StatChart({ title, counts, readers }: { title: string; counts: Record<string, number> | undefined; readers: number }) {
  const bars = statBars(counts);
  return (
    <figure className="stat-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      {bars.length === 0 ? (
        <p className="stat-none">{readers ? 'Not known for these readers' : 'No readers yet'}</p>
      ) : (
        <ul>
          {bars.map((bar) => (
            <li key={bar.label}>
              <span className="stat-label" title={bar.label}>{bar.label}</span>
              <span className="stat-track"><span className="stat-fill" style={{ width: `${Math.max(4, bar.share * 100)}%` }} /></span>
              <span className="stat-count">{bar.count}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** Shares of one statistic side by side in a thin bar; the labels are in its title. */
export function StackedBar({ counts, label }: { counts: Record<string, number> | undefined; label: string }) {
  const bars = statBars(counts, 4);
  const total = bars.reduce((sum, b) => sum + b.count, 0);
  if (!total) return <span className="stacked-bar empty" aria-label={`${label}: no readers yet`} />;
  const description = bars.map((b) => `${b.label} ${b.count}`).join(', ');
  return (
    <span className="stacked-bar" role="img" aria-label={`${label}: ${description}`} title={`${label}: ${description}`}>
      {bars.map((b, i) => (
        <span key={b.label} className={`stacked-part part-${i}`} style={{ width: `${(b.count / total) * 100}%` }} />
      ))}
    </span>
  );
}
