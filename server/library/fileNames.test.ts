import { describe, expect, it } from 'vitest';
import { generateFileName, sanitiseFileNamePart } from './fileNames.ts';

describe('generateFileName', () => {
  it('builds <year>-<Title_with_underscores>.<ext>', () => {
    expect(generateFileName({ title: 'Underwater basket weaving', year: 2014 }, 'whatever.PDF', 'application/pdf')).toBe('2014-Underwater_basket_weaving.pdf');
  });

  it('takes the extension from the client name, else from the MIME type', () => {
    expect(generateFileName({ title: 'Notes', year: 2020 }, 'notes.txt', 'application/octet-stream')).toBe('2020-Notes.txt');
    expect(generateFileName({ title: 'Notes', year: 2020 }, undefined, 'application/epub+zip')).toBe('2020-Notes.epub');
    expect(generateFileName({ title: 'Notes', year: 2020 }, 'no-extension', 'application/x-unknown')).toBe('2020-Notes');
  });

  it('leaves out a missing year and never answers an empty name', () => {
    expect(generateFileName({ title: 'Only title', year: null }, 'a.pdf', 'application/pdf')).toBe('Only_title.pdf');
    expect(generateFileName({ title: '???', year: null }, undefined, 'application/pdf')).toBe('file.pdf');
  });

  it('is safe on every OS', () => {
    expect(generateFileName({ title: 'A/B: C\\D <e> "f" | g? h*', year: 1999 }, 'x.pdf', 'application/pdf')).toBe('1999-A_B_C_D_e_f_g_h.pdf');
    expect(sanitiseFileNamePart('con')).toBe('_con');
    expect(sanitiseFileNamePart('  ..hidden..  ')).toBe('hidden');
    expect(sanitiseFileNamePart('tab\there\u0000nul')).toBe('tab_here_nul');
    expect(Array.from(sanitiseFileNamePart('é'.repeat(500))).length).toBe(200);
  });

  it('keeps non-ASCII letters', () => {
    expect(generateFileName({ title: 'Über die Natur 東京', year: 1850 }, 'u.pdf', 'application/pdf')).toBe('1850-Über_die_Natur_東京.pdf');
  });
});
