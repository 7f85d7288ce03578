import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReplica } from '../replica/index.ts';
import { pullStart, recordPullStart } from './runContext.ts';

const replica = () => openReplica(path.join(mkdtempSync(path.join(os.tmpdir(), 'refshelf-pullstart-')), 'r.sqlite'));
const WINDOW = 5000;
const W = '2026-01-01T10:00:00.000Z';
const ms = (iso: string) => Date.parse(iso);

describe('where a pull by modification time starts', () => {
  it('has no start before the first pull', () => {
    expect(pullStart(replica(), 'documents', null, WINDOW)).toBeUndefined();
  });

  it('goes back a window before the watermark when nothing is recorded', () => {
    const r = replica();
    r.setWatermark('documents', null, { modified: W });
    expect(pullStart(r, 'documents', null, WINDOW)).toBe(new Date(ms(W) - WINDOW).toISOString());
  });

  it('goes back a window before the read when the read came soon after the watermark', () => {
    const r = replica();
    r.setWatermark('documents', null, { modified: W });
    recordPullStart(r, 'documents', null, ms(W) + 2000, WINDOW);
    // A write stamped up to a window before the read may have committed after it.
    expect(pullStart(r, 'documents', null, WINDOW)).toBe(new Date(ms(W) + 2000 - WINDOW).toISOString());
  });

  it('starts at the watermark once a read came more than a window after it', () => {
    const r = replica();
    r.setWatermark('documents', null, { modified: W });
    recordPullStart(r, 'documents', null, ms(W) + 60_000, WINDOW);
    expect(pullStart(r, 'documents', null, WINDOW)).toBe(W);
  });

  it('keeps each library and collection apart', () => {
    const r = replica();
    r.setWatermark('documents', null, { modified: W });
    r.setWatermark('documents', 'group-1', { modified: W });
    recordPullStart(r, 'documents', null, ms(W) + 60_000, WINDOW);
    expect(pullStart(r, 'documents', 'group-1', WINDOW)).toBe(new Date(ms(W) - WINDOW).toISOString());
    expect(pullStart(r, 'annotations', null, WINDOW)).toBeUndefined();
  });
});
