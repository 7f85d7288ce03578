import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNNAMED_AUTHORS } from './profileNames.ts';
import { sqlOf, tempReplica, serverDocument, SERVER_TIME, type TempReplica } from './testing.ts';

let temp: TempReplica;
beforeEach(() => {
  temp = tempReplica();
});
afterEach(() => temp.dispose());

const note = (id: string, profileId: string | undefined) =>
  ({ id, type: 'note', document_id: 'd1', text: `note ${id}`, privacy_level: 'private', created: SERVER_TIME, last_modified: SERVER_TIME, ...(profileId ? { profile_id: profileId } : {}) });

describe('unnamedAuthors', () => {
  it('answers each author without a known name once, up to the limit', () => {
    const r = temp.replica;
    r.applyRemoteBatch('document', [serverDocument('d1')]);
    // Several annotations per author, and some without one.
    r.applyRemoteBatch('annotation', ['p-c', 'p-a', 'p-b', 'p-a', undefined, 'p-c', 'p-d', undefined, 'p-b'].map((p, i) => note(`n${i}`, p)));
    expect(r.unnamedAuthors(10)).toEqual(['p-a', 'p-b', 'p-c', 'p-d']);
    expect(r.unnamedAuthors(2)).toEqual(['p-a', 'p-b']);
    r.rememberProfileNames([{ id: 'p-a', name: 'Alice' }, { id: 'p-c', name: 'Carol' }]);
    expect(r.unnamedAuthors(10)).toEqual(['p-b', 'p-d']);
    r.rememberProfileNames([{ id: 'p-b', name: 'Bob' }, { id: 'p-d', name: 'Dan' }]);
    expect(r.unnamedAuthors(10)).toEqual([]);
  });

  it('reads one index entry per author, never every annotation (it runs after every sync)', () => {
    const plan = (sqlOf(temp.replica).prepare(`EXPLAIN QUERY PLAN ${UNNAMED_AUTHORS}`).all(50) as { detail: string }[]).map((row) => row.detail);
    const annotationReads = plan.filter((line) => /\bannotations\b/.test(line));
    expect(annotationReads.length).toBeGreaterThan(0);
    // Each read of annotations is an index search for the next author, not a scan.
    for (const line of annotationReads) expect(line).toMatch(/^SEARCH annotations USING COVERING INDEX annotations_by_profile \(profile_id>\?\)$/);
  });
});
