// The line under a form or a section that says how the last action went.
import type { Action } from './useRemote.ts';

export function Outcome({ action }: { action: Action }) {
  if (action.error) return <p className="outcome error" role="alert">{action.error}</p>;
  if (action.notice) return <p className="outcome ok" role="status">{action.notice}</p>;
  return null;
}
