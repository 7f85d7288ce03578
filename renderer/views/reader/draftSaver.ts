// Text typed into an annotation is saved shortly after the typing stops, and at once when
// the tab or the window closes (flush). Until its save has answered, a draft is the truth
// for that annotation: a reload after a sync shows the draft, never the older stored text.
export interface DraftSaverOptions {
  save(id: string, text: string): Promise<unknown>;
  delayMs: number;
  /** Reported when a save fails; the draft is kept so a later flush tries again. */
  onError?(error: unknown): void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface DraftSaver {
  edit(id: string, text: string): void;
  /** The unsaved text of an annotation, if any. */
  draftOf(id: string): string | undefined;
  hasDrafts(): boolean;
  /** Sends every draft now; resolves when the saves have answered. */
  flush(): Promise<void>;
  /** Forgets the draft of an annotation that is gone. */
  discard(id: string): void;
  /** Moves a draft to the annotation's new id (a push renamed it). */
  rename(from: string, to: string): void;
}

export function createDraftSaver(options: DraftSaverOptions): DraftSaver {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const drafts = new Map<string, string>();
  const timers = new Map<string, unknown>();

  async function saveOne(id: string): Promise<void> {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(id);
    const text = drafts.get(id);
    if (text === undefined) return;
    try {
      await options.save(id, text);
      // Typing may have gone on while the save travelled: keep the newer draft.
      if (drafts.get(id) === text) drafts.delete(id);
    } catch (error) {
      options.onError?.(error);
    }
  }

  return {
    edit(id, text) {
      drafts.set(id, text);
      const timer = timers.get(id);
      if (timer !== undefined) clearTimer(timer);
      timers.set(id, setTimer(() => void saveOne(id), options.delayMs));
    },
    draftOf: (id) => drafts.get(id),
    hasDrafts: () => drafts.size > 0,
    async flush() {
      await Promise.all([...drafts.keys()].map(saveOne));
    },
    rename(from, to) {
      const text = drafts.get(from);
      if (text === undefined) return;
      this.discard(from);
      this.edit(to, text);
    },
    discard(id) {
      const timer = timers.get(id);
      if (timer !== undefined) clearTimer(timer);
      timers.delete(id);
      drafts.delete(id);
    },
  };
}

/** The annotations as the user sees them: stored values with their unsaved drafts on top. */
export function withDrafts<T extends { id: string; text?: string }>(annotations: readonly T[], saver: Pick<DraftSaver, 'draftOf'>): T[] {
  return annotations.map((a) => {
    const draft = saver.draftOf(a.id);
    return draft === undefined ? a : { ...a, text: draft };
  });
}
