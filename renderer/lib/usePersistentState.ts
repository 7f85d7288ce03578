// A piece of window state kept in localStorage under one key: window preferences (column
// widths, pane sizes) that belong to this window, not to the library.
import { useCallback, useState } from 'react';

export function usePersistentState<T>(key: string, parse: (raw: string | null) => T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      return parse(window.localStorage.getItem(key));
    } catch {
      return parse(null);
    }
  });
  const update = useCallback((next: T) => {
    setValue(next);
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or unavailable: the change holds for this session only.
    }
  }, [key]);
  return [value, update];
}
