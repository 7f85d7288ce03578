import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPdfMetadata, NO_TEXT_WARNING } from './extractPdfMetadata.ts';
import { ok } from './syntheticExtraction.ts';
import { paragraph, syntheticPdf } from './syntheticPdf.ts';
import { isJunkTitle } from './documentInfo.ts';
import { documentFieldsFromPdf } from './documentFields.ts';

const fixture = (name: string) => path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', name);

const body = paragraph(
  Array.from({ length: 30 }, (_, i) => `Body text line ${i} of the paper with enough ordinary words to read as a paragraph here.`),
  72,
  480,
);

describe('real PDFs', () => {
  it('reads title, authors and date from a survival vignette', async () => {
    const r = ok(await extractPdfMetadata(fixture('survival-approximate.pdf')));
    expect(r.fields.title).toBe('Approximating the Cox Model');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Zhong', 'Tibshirani', 'Therneau']);
    expect(r.fields.year).toBe(2019);
    expect(r.pageCount).toBe(4);
    expect(r.confidence.title).toBeGreaterThan(0.5);
  });
  it('splits authors at superscript markers and strips affiliations (Rcpp note)', async () => {
    const r = ok(await extractPdfMetadata(fixture('rcpp-extending.pdf')));
    expect(r.fields.title).toBe('Rcpp Extending');
    expect(r.fields.authors).toEqual([{ first_name: 'Dirk', last_name: 'Eddelbuettel' }, { first_name: 'Romain', last_name: 'François' }]);
  });
  it('takes authors from name lines between affiliation lines (actuar)', async () => {
    const r = ok(await extractPdfMetadata(fixture('actuar-intro.pdf')));
    expect(r.fields.title).toBe('Introduction to actuar');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Dutang', 'Goulet', 'Pigeon']);
  });
  it('accepts bytes as well as paths, and collects the full text page by page on request', async () => {
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(fixture('survival-approximate.pdf'));
    const r = ok(await extractPdfMetadata(new Uint8Array(bytes), { fullText: true }));
    expect(r.fields.title).toBe('Approximating the Cox Model');
    expect(r.fullText?.split('\f')).toHaveLength(4);
    expect(r.fullText).toMatch(/Poisson regression/);
    expect(bytes.byteLength).toBeGreaterThan(0); // the caller's buffer is not detached
  });
});

describe('synthetic layouts', () => {
  it('prefers the title over a running head and a journal name, and ignores an arXiv banner', async () => {
    const head = { text: 'Journal of Imaginary Results 12 (2020) 1-20', x: 72, y: 760, size: 9 };
    const pdf = syntheticPdf({
      pages: [
        [
          head,
          { text: 'arXiv:2001.01234v2 [cs.LG] 3 Jan 2020', x: 30, y: 250, size: 20, rotated: true },
          { text: 'Journal of Imaginary Results', x: 72, y: 730, size: 16 },
          { text: 'Learning Widgets from', x: 100, y: 680, size: 16 },
          { text: 'Very Few Examples', x: 100, y: 660, size: 16 },
          { text: 'Ada Lovelace, Charles Babbage and Mary Somerville', x: 100, y: 630, size: 11 },
          { text: 'University of Nowhere, Department of Widgets', x: 100, y: 615, size: 9 },
          { text: 'Abstract', x: 72, y: 580, size: 10 },
          ...paragraph(['We learn widgets from very few examples, with a method that needs no labels at all', 'and explain why it works on every widget we could find.'], 72, 565),
          { text: 'Keywords: widgets, few-shot learning; examples', x: 72, y: 530, size: 10 },
          { text: 'doi:10.9999/jir.2020.001.', x: 72, y: 515, size: 9 },
          ...body,
        ],
        [head, ...body],
      ],
    });
    const r = ok(await extractPdfMetadata(pdf));
    expect(r.fields.title).toBe('Learning Widgets from Very Few Examples');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Lovelace', 'Babbage', 'Somerville']);
    expect(r.fields.identifiers).toMatchObject({ doi: '10.9999/jir.2020.001', arxiv: '2001.01234v2' });
    expect(r.fields.abstract).toMatch(/^We learn widgets.*every widget we could find\.$/);
    expect(r.fields.keywords).toEqual(['widgets', 'few-shot learning', 'examples']);
    expect(r.fields.year).toBe(2020);
  });

  it('drops a large running head repeated at the same place on the next page', async () => {
    const runningHead = { text: 'PROCEEDINGS OF THE WIDGET WORKSHOP', x: 72, y: 770, size: 18 };
    const pdf = syntheticPdf({
      pages: [
        [runningHead, { text: 'A Study of Sprockets', x: 150, y: 700, size: 16 }, { text: 'Grace Hopper', x: 200, y: 670, size: 11 }, ...body],
        [runningHead, ...body],
      ],
    });
    const r = ok(await extractPdfMetadata(pdf));
    expect(r.fields.title).toBe('A Study of Sprockets');
    expect(r.fields.authors).toEqual([{ first_name: 'Grace', last_name: 'Hopper' }]);
  });

  it('reads a two-column page: the abstract stays in its column', async () => {
    const left = paragraph(['Abstract', 'Gears turn. We study how gears', 'turn in the left column of a page', 'and never mix with the right.'], 60, 600);
    const right = paragraph(['Right column text about other things,', 'which must not leak into the abstract.', 'More right column words follow here.'], 330, 600);
    const pdf = syntheticPdf({
      pages: [[{ text: 'Gears in Two Columns', x: 180, y: 700, size: 18 }, { text: 'Alan Turing', x: 250, y: 670, size: 11 }, ...left, ...right]],
    });
    const r = ok(await extractPdfMetadata(pdf));
    expect(r.fields.title).toBe('Gears in Two Columns');
    expect(r.fields.abstract).toBe('Gears turn. We study how gears turn in the left column of a page and never mix with the right.');
  });

  it('uses the Info title when it is real, and distrusts junk ones', async () => {
    const noText = (info: Record<string, string>) => syntheticPdf({ pages: [[]], drawing: true, info });
    const real = ok(await extractPdfMetadata(noText({ Title: 'A Real Recorded Title', Author: 'Hopper, Grace' })));
    expect(real.fields.title).toBe('A Real Recorded Title');
    expect(real.fields.authors).toEqual([{ last_name: 'Hopper', first_name: 'Grace' }]);
    const junk = ok(await extractPdfMetadata(noText({ Title: 'Microsoft Word - draft3.doc' })));
    expect(junk.fields.title).toBeUndefined();
    for (const t of ['untitled', 'paper.pdf', 'CMBX12', 'jss816', 'Microsoft PowerPoint - talk']) expect(isJunkTitle(t)).toBe(true);
    expect(isJunkTitle('Regression Models for Count Data in R')).toBe(false);
  });

  it('splits a recorded author field that names several people, and does not append a recorded version to a printed title', async () => {
    const noText = (info: Record<string, string>) => syntheticPdf({ pages: [[]], drawing: true, info });
    const two = ok(await extractPdfMetadata(noText({ Title: 'A Classic Gear Style', Author: '© Ada Lovelace & Charles Babbage' })));
    expect(two.fields.authors?.map((a) => a.last_name)).toEqual(['Lovelace', 'Babbage']);
    const page = [{ text: 'The Gear Class', x: 200, y: 700, size: 12 }, { text: 'Ada Lovelace', x: 220, y: 680, size: 10 }, ...body];
    const versioned = ok(await extractPdfMetadata(syntheticPdf({ pages: [page], info: { Title: 'The Gear Class, version 3.0.1' } })));
    expect(versioned.fields.title).toBe('The Gear Class');
    const longer = ok(await extractPdfMetadata(syntheticPdf({ pages: [page], info: { Title: 'The Gear Class for Clockmakers' } })));
    expect(longer.fields.title).toBe('The Gear Class for Clockmakers');
  });

  it('answers ok with a "scanned?" warning and no title for an image-only PDF', async () => {
    const r = ok(await extractPdfMetadata(syntheticPdf({ pages: [[], []], drawing: true })));
    expect(r.fields.title).toBeUndefined();
    expect(r.warnings).toContain(NO_TEXT_WARNING);
    expect(r.pageCount).toBe(2);
  });

  it('reads only the first pages of a long document, quickly', async () => {
    const pages = Array.from({ length: 1000 }, (_, i) => (i === 0 ? [{ text: 'A Thousand Pages', x: 150, y: 700, size: 18 }, ...body] : body));
    const started = performance.now();
    const r = ok(await extractPdfMetadata(syntheticPdf({ pages })));
    expect(r.pageCount).toBe(1000);
    expect(r.fields.title).toBe('A Thousand Pages');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('broken files never throw and say why', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'refshelf-pdf-'));
  const good = syntheticPdf({ pages: [[{ text: 'Fine Title Here', x: 100, y: 700, size: 18 }, ...body]] });
  const cases: [string, Buffer | Uint8Array | string, string][] = [
    ['zero bytes', Buffer.alloc(0), 'empty'],
    ['not a PDF', Buffer.from('<html><body>hello</body></html>'), 'not-pdf'],
    ['a missing path', path.join(tmp, 'missing.pdf'), 'damaged'],
    ['a truncated PDF header only', Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type'), 'damaged'],
    ['garbage after the header', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256))]), 'damaged'],
    ['an encrypted PDF', syntheticPdf({ pages: [[{ text: 'Secret', x: 100, y: 700, size: 18 }]], encrypted: true }), 'encrypted'],
  ];
  for (const [name, input, reason] of cases) {
    it(`${name} -> ${reason}`, async () => {
      const r = await extractPdfMetadata(input);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.reason).toBe(reason);
      expect(r.message).toMatch(/^[A-Z].*\.$/);
    });
  }
  it('refuses files above the size limit before parsing them', async () => {
    const file = path.join(tmp, 'big.pdf');
    writeFileSync(file, good);
    const r = await extractPdfMetadata(file, { maxBytes: 100 });
    expect(r).toMatchObject({ ok: false, reason: 'too-large' });
  });
  it('survives a file cut in half (damaged streams), answering either way without throwing', async () => {
    const r = await extractPdfMetadata(good.subarray(0, Math.floor(good.length / 2)));
    expect(typeof r.ok).toBe('boolean');
    if (!r.ok) expect(r.reason).toBe('damaged');
  });
  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await extractPdfMetadata(good, { signal: controller.signal })).toMatchObject({ ok: false, reason: 'damaged' });
  });
});

describe('pages set sideways and unreadable text layers', () => {
  it('turns a page whose text all runs sideways upright and reads it', async () => {
    // A landscape page (792 x 612) ...
    const upright = [
      { text: 'Tidal Patterns of the Northern Shelf', x: 72, y: 540, size: 20 },
      ...paragraph(['Ada Lovelace and Charles Babbage', 'March 2019'], 72, 500, 11),
      ...paragraph(Array.from({ length: 12 }, () => 'The shelf tides were measured at many stations over several years of careful work.'), 72, 440, 10),
    ];
    // ... stored on a portrait one, drawn turned by 90 degrees: (x, y) -> (612 - y, x).
    const sideways = upright.map((t) => ({ ...t, x: 612 - t.y, y: t.x, rotated: true }));
    const r = await extractPdfMetadata(syntheticPdf({ pages: [sideways] }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.fields.title).toBe('Tidal Patterns of the Northern Shelf');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Lovelace', 'Babbage']);
    expect(r.fields.year).toBe(2019);
  });

  it('keeps fields read from an unreadable text layer below the confidence that is stored', async () => {
    const garbage = (n: number) => Array.from({ length: n }, (_, i) => `Xq${i % 7}z Rtv kkz Qw#pl Zr Tz Bxq%m ${i}vv Nn`);
    const r = await extractPdfMetadata(syntheticPdf({ pages: [[{ text: 'Qzx Wvk Trpl', x: 72, y: 700, size: 20 }, ...paragraph(garbage(20), 72, 650, 10)]] }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings).toContain('text layer unreadable');
    expect(r.confidence.title ?? 0).toBeLessThan(0.5);
    expect(documentFieldsFromPdf(r).title).toBeUndefined();
  });
});

describe('a title repeated on the next page', () => {
  it('is still the title when it is a block of lines (a thesis repeats it on its abstract page), not a running head', async () => {
    const title = paragraph(['A STUDY OF THE SOCIOLOGICAL IMPACT OF THE', '1984 OLYMPICS ON THE POVERTY', 'LEVEL OF CITIZENS OF', 'LOS ANGELES'], 180, 710);
    const cover = [...title, ...paragraph(['by', 'John J. Smith, B.A.'], 260, 508), ...paragraph(['A Thesis submitted to the Faculty of the Graduate School,', 'in Partial Fulfillment of the Requirements for', 'the Degree of Master of Science'], 150, 318), ...paragraph(['December 2013'], 260, 92)];
    const abstractPage = [...title, ...paragraph(['ABSTRACT', ...Array.from({ length: 20 }, () => 'The games changed the city in many ways that this thesis measures with care.')], 72, 600)];
    const r = await extractPdfMetadata(syntheticPdf({ pages: [cover, abstractPage] }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.fields.title).toBe('A STUDY OF THE SOCIOLOGICAL IMPACT OF THE 1984 OLYMPICS ON THE POVERTY LEVEL OF CITIZENS OF LOS ANGELES');
    expect(r.fields.type).toBe('thesis');
    expect(r.fields.year).toBe(2013);
  });
});
