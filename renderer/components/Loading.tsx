// What a view or pane shows while its code is on its way (lib/onDemand.ts): a quiet line,
// announced to screen readers, in the place the view will fill.
export function Loading({ what }: { what: string }) {
  return <div className="view-loading" role="status" data-testid="view-loading">Loading {what}…</div>;
}
