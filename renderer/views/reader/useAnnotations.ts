// A document's annotations in the reader: loaded through the reader's store, reloaded when the
// library changes (a sync), every change sent at once (the core writes the replica and
// the outbox in one go), typed text saved through the draft saver, the last change undoable.
// A new annotation the core renames (ids.renamed, state/idRenames.ts) keeps its draft,
// its selection and its place on screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnnotationPatch, LibraryAnnotation, NewAnnotation } from '../../../shared/bridge/contract.ts';
import { useStores } from '../../state/context.tsx';
import { followRenames } from '../../state/idRenames.ts';
import { useReaderStore } from './readerStore.ts';
import { createDraftSaver, withDrafts, type DraftSaver } from './draftSaver.ts';
import { undoAction, type AnnotationChange } from './undoChange.ts';

const TEXT_SAVE_DELAY_MS = 600;
const RELOAD_DELAY_MS = 80;

export interface AnnotationsApi {
  annotations: LibraryAnnotation[];
  loaded: boolean;
  error: string | null;
  lastChange: AnnotationChange | null;
  saver: DraftSaver;
  create(input: NewAnnotation): Promise<LibraryAnnotation | undefined>;
  update(id: string, patch: AnnotationPatch): Promise<void>;
  editText(id: string, text: string): void;
  remove(id: string): Promise<void>;
  undo(): Promise<void>;
  clearError(): void;
  /** The id an annotation has now (a push may have renamed a new one). */
  currentId(id: string): string;
  /** A React key for an annotation that survives its rename (so its entry keeps focus). */
  keyOf(id: string): string;
}

export function useAnnotations(documentId: string, onRenamed?: (renames: Map<string, string>) => void): AnnotationsApi {
  const [stored, setStored] = useState<LibraryAnnotation[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lastChange, setLastChange] = useState<AnnotationChange | null>(null);
  const [draftTick, setDraftTick] = useState(0);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const generation = useRef(0);
  const { renames } = useStores();
  const reader = useReaderStore();
  const onRenamedRef = useRef(onRenamed);
  onRenamedRef.current = onRenamed;
  const saverRef = useRef<DraftSaver | null>(null);
  const currentId = useCallback((id: string) => renames.getState().currentId(id), [renames]);
  const keyOf = useCallback((id: string) => renames.getState().originalId(id), [renames]);

  useEffect(() => followRenames(renames, (current) => {
    const renamed = new Map<string, string>();
    for (const a of storedRef.current) if (current(a.id) !== a.id) renamed.set(a.id, current(a.id));
    if (renamed.size === 0) return;
    for (const [from, to] of renamed) saverRef.current?.rename(from, to);
    const list = storedRef.current.map((a) => (renamed.has(a.id) ? { ...a, id: renamed.get(a.id)! } : a));
    storedRef.current = list;
    setStored(list);
    setLastChange((change) => (change ? renameChange(change, current) : change));
    onRenamedRef.current?.(renamed);
  }), [renames]);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const list = await reader.listAnnotations({ documentId });
      if (mine === generation.current) {
        storedRef.current = list;
        setStored(list);
        setLoaded(true);
      }
    } catch (e) {
      if (mine === generation.current) setError((e as Error).message);
    }
  }, [reader, documentId]);

  /** Runs a command on the id an annotation has now. */
  const onCurrent = useCallback(<T,>(id: string, run: (id: string) => Promise<T>): Promise<T> => run(currentId(id)), [currentId]);

  const saver = useMemo(() => createDraftSaver({
    delayMs: TEXT_SAVE_DELAY_MS,
    save: async (id, text) => {
      const before = storedRef.current.find((a) => a.id === currentId(id));
      const after = await onCurrent(id, (current) => reader.updateAnnotation({ id: current, patch: { text } }));
      setStored((list) => list.map((a) => (a.id === after.id ? after : a)));
      if (before) setLastChange({ kind: 'updated', before, after });
      setDraftTick((t) => t + 1);
    },
    onError: (e) => setError(`Your text is kept here but could not be saved yet: ${(e as Error).message}`),
  }), [reader, currentId, onCurrent]);
  saverRef.current = saver;

  useEffect(() => {
    void reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = reader.onLibraryChanged(({ kinds }) => {
      if (!kinds.includes('annotation')) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), RELOAD_DELAY_MS);
    });
    return () => { clearTimeout(timer); off(); };
  }, [reader, reload]);

  // Closing the tab (unmount) or the window saves what was typed.
  useEffect(() => {
    const onUnload = () => { void saver.flush(); };
    window.addEventListener('beforeunload', onUnload);
    window.addEventListener('pagehide', onUnload);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      window.removeEventListener('pagehide', onUnload);
      void saver.flush();
    };
  }, [saver]);

  const fail = (e: unknown) => setError((e as Error).message);
  // One array per change, so memoised views skip renders when nothing changed.
  const annotations = useMemo(() => withDrafts(stored, saver), [stored, saver, draftTick]);

  return {
    annotations,
    loaded,
    error,
    lastChange,
    saver,
    clearError: () => setError(null),
    currentId,
    keyOf,
    async create(input) {
      try {
        const created = await reader.createAnnotation(input);
        setStored((list) => [...list.filter((a) => a.id !== created.id), created]);
        setLastChange({ kind: 'created', annotation: created });
        return created;
      } catch (e) {
        fail(e);
        return undefined;
      }
    },
    async update(id, patch) {
      try {
        await saver.flush(); // the text typed so far goes first, so this patch does not race it
        const before = storedRef.current.find((a) => a.id === currentId(id));
        const after = await onCurrent(id, (current) => reader.updateAnnotation({ id: current, patch }));
        setStored((list) => list.map((a) => (a.id === after.id ? after : a)));
        if (before) setLastChange({ kind: 'updated', before, after });
      } catch (e) {
        fail(e);
      }
    },
    editText(id, text) {
      saver.edit(id, text);
      setDraftTick((t) => t + 1);
    },
    async remove(id) {
      const before = storedRef.current.find((a) => a.id === currentId(id));
      try {
        saver.discard(currentId(id));
        await onCurrent(id, (current) => reader.deleteAnnotation({ id: current }));
        setStored((list) => list.filter((a) => a.id !== currentId(id)));
        if (before) setLastChange({ kind: 'deleted', annotation: before });
      } catch (e) {
        fail(e);
      }
    },
    async undo() {
      if (!lastChange) return;
      await saver.flush();
      const action = undoAction(lastChange);
      try {
        if (action.command === 'annotations.delete') await onCurrent(action.id, (id) => reader.deleteAnnotation({ id }));
        else if (action.command === 'annotations.update') await onCurrent(action.id, (id) => reader.updateAnnotation({ id, patch: action.patch }));
        else await reader.createAnnotation(action.request);
        setLastChange(null);
        await reload();
      } catch (e) {
        fail(e);
      }
    },
  };
}

function renameChange(change: AnnotationChange, currentId: (id: string) => string): AnnotationChange {
  if (change.kind === 'updated') return { ...change, before: { ...change.before, id: currentId(change.before.id) }, after: { ...change.after, id: currentId(change.after.id) } };
  return { ...change, annotation: { ...change.annotation, id: currentId(change.annotation.id) } };
}
