// Loading and acting on what lives on the service (groups, people): each view shows what
// it loaded, a clear message when loading failed (offline, refused), and the outcome of the
// last action, without a store of its own.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  value: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): Promise<void>;
}

/** Loads with `load` now and whenever `key` changes; answers of an older key are dropped. */
export function useLoaded<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    const run = ++latest.current;
    setLoading(true);
    try {
      const next = await loadRef.current();
      if (run !== latest.current) return;
      setValue(next);
      setError(null);
    } catch (failure) {
      if (run === latest.current) setError((failure as Error).message);
    } finally {
      if (run === latest.current) setLoading(false);
    }
  }, []);
  // The previous answer stays on screen until the new one arrives (a reload after an action
  // must not unmount what shows that action's outcome).
  useEffect(() => {
    void reload();
  }, [key, reload]);
  return { value, error, loading, reload };
}

export interface Action {
  busy: boolean;
  error: string | null;
  notice: string | null;
  /** Runs an action; on success shows `done` (if any) and runs `then`. */
  run(action: () => Promise<unknown>, done?: string, then?: () => unknown): Promise<boolean>;
  clear(): void;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>, done?: string, then?: () => unknown) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
      if (done) setNotice(done);
      await then?.();
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => { setError(null); setNotice(null); }, []);
  return { busy, error, notice, run, clear };
}
