// Names of the people who wrote annotations (group members), from the core's people.names:
// the replica's names, so they show offline too. Asked when the ids change, and again after
// a change of annotations (a sync) while some of them have no name yet.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LibraryAnnotation } from '../../shared/bridge/contract.ts';
import { useStores } from './context.tsx';

/** The authors of these annotations other than me (annotations not yet pushed have none). */
export function otherAuthors(annotations: readonly LibraryAnnotation[], me: string | undefined): string[] {
  return [...new Set(annotations.map((a) => a.profile_id).filter((id): id is string => !!id && id !== me))].sort();
}

export function useAuthorNames(ids: readonly string[]): Readonly<Record<string, string>> {
  const { bridge } = useStores();
  const key = ids.join('\n');
  const wanted = useMemo(() => (key ? key.split('\n') : []), [key]);
  const [names, setNames] = useState<Record<string, string>>({});
  const known = useRef(names);
  known.current = names;
  useEffect(() => {
    if (!wanted.length) return undefined;
    let current = true;
    const load = () => {
      void bridge.invoke('people.names', { ids: wanted }).then((result) => {
        if (current && result.ok) setNames((before) => ({ ...before, ...result.value }));
      });
    };
    load();
    const off = bridge.on('library.changed', ({ kinds }) => {
      if (kinds.includes('annotation') && wanted.some((id) => !(id in known.current))) load();
    });
    return () => { current = false; off(); };
  }, [bridge, wanted]);
  return names;
}
