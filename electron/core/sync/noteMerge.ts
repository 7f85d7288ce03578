// One person has one document note per document on the service. Two devices that each wrote
// the note offline both create it; the second create is refused (409) with the id of the note
// already there. The rule: the local note becomes that note; the notes of both texts are
// kept (shared/notes/mergeNoteLists.ts, with no common base) and only when that clashes is
// it a conflict on its text (the row shows mine until the person decides).
import { ServiceError } from '../../../shared/client/index.ts';
import type { OutboxEntry, ServerJson } from '../replica/index.ts';
import { mergeNoteLists } from '../../../shared/notes/mergeNoteLists.ts';
import { sameValue } from './merge.ts';
import type { RunContext } from './runContext.ts';
import { withRetry } from './retry.ts';

/** The id of the note already there, when a note create was refused for that reason. */
export function existingNoteId(error: unknown): string | undefined {
  if (!(error instanceof ServiceError) || error.status !== 409) return undefined;
  const id = (error.body as { existing_id?: unknown } | undefined)?.existing_id;
  return typeof id === 'string' ? id : undefined;
}

export async function mergeIntoExistingNote(ctx: RunContext, entry: OutboxEntry, existingId: string): Promise<void> {
  const { replica, api } = ctx;
  const localId = entry.entity_id;
  const existing = (await withRetry(() => api.annotations.get(existingId, { signal: ctx.signal }), ctx.retry)) as unknown as ServerJson;
  replica.transaction(() => {
    const mine = replica.readField('annotation', localId, 'text');
    replica.dropOutboxEntry(entry.seq);
    if (replica.getAnnotation(existingId)) {
      // Pulled already: the local copy goes, its text joins the one row.
      replica.dropLocalNote(localId, existingId);
    } else {
      replica.remapId('annotation', localId, existingId);
    }
    replica.applyRemote('annotation', existing);
    if (sameValue(mine, existing.text)) return;
    // Each device's notes kept, when no note was written differently on both.
    const merged = typeof mine === 'string' && typeof existing.text === 'string' ? mergeNoteLists('', mine, existing.text) : { clean: false as const };
    if (merged.clean) {
      replica.updateAnnotation(existingId, { text: merged.text });
    } else {
      replica.recordConflict({ kind: 'annotation', id: existingId, field: 'text', local_value: mine, remote_value: existing.text, base_value: undefined });
      replica.writeField('annotation', existingId, 'text', mine);
      ctx.counters.conflicts++;
    }
  });
}
