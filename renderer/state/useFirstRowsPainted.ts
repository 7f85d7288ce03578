// Whether the list's first rows have been painted (startup.ts). Until then the window draws
// the list and keeps the panes around it as empty boxes of their final size; mounting them
// in the first frame (sidebar, details pane, status bar, dialogs) made the first rows wait
// for all of it. They mount in a transition, which React may interrupt for a keystroke.
import { startTransition, useEffect, useState } from 'react';
import { useStores } from './context.tsx';
import { afterFirstRowsPainted, firstRowsPainted } from './startup.ts';

export function useFirstRowsPainted(): boolean {
  const { library } = useStores();
  const [painted, setPainted] = useState(() => firstRowsPainted(library));
  useEffect(() => {
    if (painted) return;
    let live = true;
    void afterFirstRowsPainted(library).then(() => {
      if (live) startTransition(() => setPainted(true));
    });
    return () => { live = false; };
  }, [library, painted]);
  return painted;
}
