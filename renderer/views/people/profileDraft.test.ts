import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '../../../shared/schemas/profile.ts';
import { amendmentOf, draftOf, withMainEmployment } from './profileDraft.ts';

const profile = (fields: Partial<OwnProfile> = {}): OwnProfile => ({
  id: 'p', first_name: 'Ada', last_name: 'Lovelace', display_name: 'Ada Lovelace', link: '', verified: true, user_type: 'normal', created: '', email: 'ada@example.org', ...fields,
});

describe('profile drafts', () => {
  it('sends nothing when nothing changed', () => {
    const p = profile({ title: 'Dr', location: { name: 'London', latitude: 51.5, longitude: -0.12 } });
    expect(amendmentOf(p, draftOf(p))).toEqual({});
  });

  it('clears emptied text, trims names, and keeps a picked place with its coordinates', () => {
    const p = profile({ biography: 'Old', location: { name: 'London' } });
    const picked = { name: 'Zürich', latitude: 47.37, longitude: 8.55 };
    const change = amendmentOf(p, { ...draftOf(p), first_name: ' Augusta ', biography: '', location: picked, locationText: 'Zürich' });
    expect(change).toEqual({ first_name: 'Augusta', biography: null, location: picked });
    expect(amendmentOf(p, { ...draftOf(p), location: picked, locationText: 'Zurich by hand' }).location).toEqual({ name: 'Zurich by hand' });
    expect(amendmentOf(p, { ...draftOf(p), locationText: '' }).location).toBeNull();
  });

  it('puts the institution in the main employment entry and keeps the others', () => {
    const past = { institution: 'Old College', position: 'Lecturer' };
    const p = profile({ employment: [past, { institution: 'Was here', position: 'Fellow', is_main_employment: true }] });
    expect(draftOf(p).institution).toBe('Was here');
    expect(amendmentOf(p, { ...draftOf(p), institution: 'University of Oxford' }).employment).toEqual([
      { institution: 'University of Oxford', position: 'Fellow', is_main_employment: true }, past,
    ]);
    expect(withMainEmployment(p.employment, '', '')).toEqual([past]);
  });
});
