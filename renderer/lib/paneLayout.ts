// The widths of the library window's side panes, kept as a window preference.
export interface PaneLayout {
  sidebar: number;
  details: number;
}

export const PANE_BOUNDS = {
  sidebar: { min: 150, max: 420, initial: 200 },
  details: { min: 260, max: 700, initial: 350 },
} as const;

export function parsePaneLayout(raw: string | null): PaneLayout {
  const initial = { sidebar: PANE_BOUNDS.sidebar.initial, details: PANE_BOUNDS.details.initial };
  if (!raw) return initial;
  try {
    const data = JSON.parse(raw) as Partial<Record<keyof PaneLayout, unknown>>;
    const pick = (key: keyof PaneLayout) => {
      const value = data[key];
      const { min, max } = PANE_BOUNDS[key];
      return typeof value === 'number' && Number.isFinite(value) ? Math.round(Math.min(max, Math.max(min, value))) : initial[key];
    };
    return { sidebar: pick('sidebar'), details: pick('details') };
  } catch {
    return initial;
  }
}
