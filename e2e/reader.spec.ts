// The reader in Chromium against the real core in browser mode: a real PDF, highlights made
// from a real text selection, a sticky note, colour and text changes, a reload, zoom and
// rotation, and positions compared numerically through the bridge; a second replica (another
// device signed in to the same account) opens the same PDF and draws them in the same place.
import { expect, test, type Download, type Page } from '@playwright/test';
import type { BridgeClient } from '../renderer/bridge/bridgeClient.ts';
import type { LibraryAnnotation } from '../shared/bridge/contract.ts';
import { loadPdfJs } from '../shared/node/pdf/openPdf.ts';
import { LibraryWindow, SCREENSHOTS } from './app.ts';
import { firstDeviceService, openSignedIn, startDevice } from './devices.ts';
import { nodeBridge } from './nodeBridge.ts';

// Apart from what the import tests add (their copy of this PDF is titled from its text).
const TITLE = 'Introduction to actuar, reading copy';

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function documentId(bridge: BridgeClient, title: string): Promise<string> {
  const page = await bridge.call('documents.search', { text: title });
  const doc = page.items.find((d) => d.title === title);
  if (!doc) throw new Error(`${title} is not in the library`);
  return doc.id;
}

async function openReader(page: Page, title: string) {
  const library = await LibraryWindow.open(page);
  await library.searchFor(title);
  await library.row(title).dblclick();
  const reader = page.locator(`.reader`).filter({ has: page.locator('.rs-toolbar') }).filter({ visible: true });
  await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
  // The first page is painted and its text layer is in place.
  await expect(reader.locator('.page[data-page-number="1"] canvas')).toBeVisible({ timeout: 30_000 });
  await expect(reader.locator('.page[data-page-number="1"] .textLayer span').first()).toBeAttached({ timeout: 30_000 });
  return { library, reader };
}

/** Selects the text from the start of the span containing `from` to the end of the span containing `to`. */
async function selectText(page: Page, from: string, to: string): Promise<void> {
  await page.evaluate(([a, b]) => {
    const spans = [...document.querySelectorAll('.reader .page[data-page-number="1"] .textLayer span')].filter((s) => !s.children.length);
    const start = spans.find((s) => s.textContent!.includes(a!));
    const end = spans.find((s) => s.textContent!.includes(b!));
    if (!start || !end) throw new Error('text not found on page 1');
    const range = document.createRange();
    range.setStart(start.firstChild!, 0);
    range.setEnd(end.firstChild!, end.textContent!.length);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  }, [from, to]);
}

/** The screen box of the span containing `text`, and of every highlight rectangle of an annotation. */
async function boxes(page: Page, text: string, annotationId: string) {
  return page.evaluate(([t, id]) => {
    const span = [...document.querySelectorAll('.reader .textLayer span')].find((s) => !s.children.length && s.textContent!.includes(t!))!;
    const rect = (el: Element) => { const r = el.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
    return { span: rect(span), highlights: [...document.querySelectorAll(`.rs-highlight[data-annotation-id="${id}"]`)].map(rect) };
  }, [text, annotationId]);
}

type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };
/** The highlight starts where its text starts (the text layer's box, horizontally). */
function expectSameStart(highlight: Box, span: Box, rotated: boolean) {
  if (!rotated) expect(Math.abs(highlight.left - span.left)).toBeLessThan(3);
  else expect(Math.abs(highlight.top - span.top)).toBeLessThan(3);
}

/**
 * The highlight covers the ink of its line as painted on the canvas: across the line, the
 * band of dark pixels that meets the highlight lies within it (2 px of slack), so the
 * rectangle sits on the glyphs, not half a line off.
 */
async function expectCoversInk(page: Page, annotationId: string, rotated: boolean) {
  const { inkStart, inkEnd, start, end } = await page.evaluate(([id, turned]) => {
    const hl = document.querySelector(`.rs-highlight[data-annotation-id="${id}"]`)!.getBoundingClientRect();
    const canvas = document.querySelector('.reader .page[data-page-number="1"] canvas') as HTMLCanvasElement;
    const c = canvas.getBoundingClientRect();
    const k = canvas.width / c.width;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    // Along the line: the highlight's middle half; across it: a line's height either side.
    const along = turned ? [hl.top + hl.height / 4, hl.bottom - hl.height / 4] : [hl.left + hl.width / 4, hl.right - hl.width / 4];
    const thick = turned ? hl.width : hl.height;
    const from = (turned ? hl.left : hl.top) - thick;
    const to = (turned ? hl.right : hl.bottom) + thick;
    const inkAt = (pos: number) => {
      const [x, y, w, h] = turned
        ? [(pos - c.left) * k, (along[0]! - c.top) * k, 1, (along[1]! - along[0]!) * k]
        : [(along[0]! - c.left) * k, (pos - c.top) * k, (along[1]! - along[0]!) * k, 1];
      const data = ctx.getImageData(Math.round(x), Math.round(y), Math.max(1, Math.round(w)), Math.max(1, Math.round(h))).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 110 && data[i + 3]! > 0) dark++;
      return dark > 0;
    };
    const step = 1 / k;
    const middle = turned ? (hl.left + hl.right) / 2 : (hl.top + hl.bottom) / 2;
    // Grow from the middle of the highlight while there is ink.
    let a = middle;
    while (a - step > from && inkAt(a - step)) a -= step;
    let b = middle;
    while (b + step < to && inkAt(b + step)) b += step;
    return { inkStart: a, inkEnd: b, start: turned ? hl.left : hl.top, end: turned ? hl.right : hl.bottom };
  }, [annotationId, rotated] as const);
  expect(inkEnd - inkStart).toBeGreaterThan(3); // there is text under it
  expect(inkStart).toBeGreaterThanOrEqual(start - 2);
  expect(inkEnd).toBeLessThanOrEqual(end + 2);
}

/**
 * The text under a highlight still shows on screen: the composited pixels inside the
 * highlight (a screenshot, not the canvas) hold dark ink. A highlight drawn over the text
 * instead of blended with it hides the words.
 */
async function expectTextShowsThrough(page: Page, annotationId: string) {
  const highlight = page.locator(`.rs-highlight[data-annotation-id="${annotationId}"]`).first();
  const shot = (await highlight.screenshot()).toString('base64');
  const dark = await page.evaluate(async (png) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 3 * 90) n++;
    return n;
  }, shot);
  expect(dark, 'dark text pixels seen through the highlight').toBeGreaterThan(20);
}

test.describe.configure({ mode: 'serial' });

test('highlight, sticky note, colour and text survive a reload, in the same place at every zoom and rotation', async ({ page }) => {
  test.slow(); // several devices or long work: three times the default bound
  const bridge = await nodeBridge();
  const docId = await documentId(bridge, TITLE);
  const { reader } = await openReader(page, TITLE);

  // A highlight from a text selection over two lines: one rectangle per line.
  await selectText(page, 'and support for heavy tailed', 'was officially launched');
  await page.keyboard.press('h');
  await expect(reader.locator('.rs-highlight')).toHaveCount(2);
  // Drawn at once under its local id, the highlight is drawn again under the service's id once
  // a sync gives it one: the screenshot waits for that, or it may catch the element as it goes.
  await expect(reader.locator('.rs-highlight').first()).not.toHaveAttribute('data-annotation-id', /^local:/);
  await expectTextShowsThrough(page, (await reader.locator('.rs-highlight').first().getAttribute('data-annotation-id'))!);
  // The panel quotes the text under the highlight (read once from the text layer, then kept).
  await expect(page.locator('.rs-quote').filter({ visible: true }).first()).toContainText('heavy tailed');
  // While the pages scroll they take no pointer events (no hit-testing per frame); a moment later they do again.
  // The flag is brief, so it is recorded as it changes rather than polled (a loaded machine
  // can let it come and go between two polls).
  const container = reader.locator('.rs-viewer-container');
  await container.evaluate((el) => {
    const seen: string[] = [];
    (window as unknown as { scrollFlagSeen: string[] }).scrollFlagSeen = seen;
    new MutationObserver(() => seen.push(el.hasAttribute('data-scrolling') ? 'on' : 'off')).observe(el, { attributes: true, attributeFilter: ['data-scrolling'] });
    el.scrollTop += 40;
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { scrollFlagSeen: string[] }).scrollFlagSeen.join(','))).toMatch(/^on,off/);
  await expect(container).not.toHaveAttribute('data-scrolling');
  await container.evaluate((el) => { el.scrollTop -= 40; });
  await expect(container).not.toHaveAttribute('data-scrolling');
  let annotations = await bridge.call('annotations.list', { documentId: docId });
  let highlight = annotations.find((a) => a.type === 'highlight')!;
  expect(highlight.positions).toHaveLength(2);
  expect(highlight.positions!.every((p) => p.page === 1)).toBe(true);
  const [line1, line2] = highlight.positions!;
  // PDF units: the first line is above the second (y grows upwards) and both are on the page.
  expect(line1!.top_left.y).toBeGreaterThan(line2!.top_left.y);
  expect(line1!.top_left.x).toBeGreaterThan(50);
  expect(line1!.bottom_right.x).toBeLessThan(612);
  const files = await bridge.call('files.list', { documentId: docId });
  expect(highlight.filehash).toBe(files[0]!.filehash);

  // Colour and comment.
  const panel = page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true });
  await panel.getByRole('radio', { name: 'green' }).click();
  await panel.getByLabel('Annotation text').fill('Heavy tails: the main point');
  // (A sync may meanwhile have given the new highlight the service's id in place of its local one.)
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).find((a) => a.type === 'highlight')?.text).toBe('Heavy tails: the main point');

  // A sticky note placed with a click (once the editor has closed and the reader waits for it).
  await page.keyboard.press('Escape');
  await expect(page.locator('.rs-item.selected').filter({ visible: true })).toHaveCount(0);
  await page.keyboard.press('n');
  await expect(page.getByText('Click on a page to place the sticky note')).toBeVisible();
  const pageBox = (await reader.locator('.page[data-page-number="1"]').boundingBox())!;
  await page.mouse.click(pageBox.x + pageBox.width * 0.8, pageBox.y + pageBox.height * 0.15);
  await expect(reader.locator('.rs-sticky')).toHaveCount(1);
  // The note is on top of the page's text layer: a click on it reaches it, not the words.
  // Checked over a word: laid for a moment on the first line of text, then put back.
  // Polled: the push gives the note the service's id and the pin is drawn again under its new key.
  await expect.poll(() => reader.locator('.rs-sticky').evaluate((sticky: HTMLElement) => {
    const word = [...document.querySelectorAll('.reader .textLayer span')].find((s) => !s.children.length && (s.textContent ?? '').trim().length > 3)!;
    const [left, top] = [sticky.style.left, sticky.style.top];
    const page = sticky.offsetParent!.getBoundingClientRect();
    const w = word.getBoundingClientRect();
    sticky.style.left = `${w.left - page.left}px`;
    sticky.style.top = `${w.top - page.top}px`;
    const r = sticky.getBoundingClientRect();
    const hit = sticky.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    [sticky.style.left, sticky.style.top] = [left, top];
    return hit;
  }), { message: 'the sticky note is what a click at its centre hits' }).toBe(true);
  await panel.getByLabel('Annotation text').fill('Compare with the Loss Models book');
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).find((a) => a.type === 'sticky_note')?.text).toBe('Compare with the Loss Models book');

  // Wait for the push (ids become the service's), so the ids below stay the same after the reload.
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).every((a) => !a.id.startsWith('local:')), { timeout: 30_000 }).toBe(true);
  annotations = await bridge.call('annotations.list', { documentId: docId });
  const before = new Map(annotations.map((a) => [a.id, a]));
  highlight = annotations.find((a) => a.type === 'highlight')!;
  expect(highlight.positions).toHaveLength(2);
  const sticky = annotations.find((a) => a.type === 'sticky_note')!;
  expect(sticky.positions![0]!.top_left).toEqual(sticky.positions![0]!.bottom_right);
  expect(before.get(highlight.id)!.color).toEqual({ r: 193, g: 240, b: 168 });
  const stickyScreenBefore = (await reader.locator('.rs-sticky').boundingBox())!;
  const highlightBefore = await boxes(page, 'and support for heavy tailed', highlight.id);
  expectSameStart(highlightBefore.highlights[0]!, highlightBefore.span, false);
  await expectCoversInk(page, highlight.id, false);

  await page.screenshot({ path: `${SCREENSHOTS}/reader-light.png`, animations: 'disabled', caret: 'hide' });

  // Reload: the same annotations, in the same place.
  await page.reload();
  const again = await openReader(page, TITLE);
  await expect(again.reader.locator('.rs-highlight')).toHaveCount(2);
  await expect(again.reader.locator('.rs-sticky')).toHaveCount(1);
  const after = await bridge.call('annotations.list', { documentId: docId });
  for (const a of after) expect(a.positions).toEqual(before.get(a.id)!.positions);
  const stickyScreenAfter = (await again.reader.locator('.rs-sticky').boundingBox())!;
  expect(Math.abs(stickyScreenAfter.x - stickyScreenBefore.x)).toBeLessThan(1.5);
  expect(Math.abs(stickyScreenAfter.y - stickyScreenBefore.y)).toBeLessThan(1.5);
  const highlightAfter = await boxes(page, 'and support for heavy tailed', highlight.id);
  expect(highlightAfter.highlights[0]!.left).toBeCloseTo(highlightBefore.highlights[0]!.left, 0);
  expect(highlightAfter.highlights[0]!.top).toBeCloseTo(highlightBefore.highlights[0]!.top, 0);
  await expect(page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true }).getByText('Heavy tails: the main point')).toBeVisible();

  // Zoom to 200%: the highlight still covers its text.
  await again.reader.getByLabel('Zoom', { exact: true }).selectOption('2');
  await expect(again.reader.locator('.page[data-page-number="1"]')).toHaveAttribute('data-loaded', 'true');
  await expect.poll(async () => Math.round((await boxes(page, 'and support for heavy tailed', highlight.id)).highlights[0]!.height)).toBeGreaterThan(Math.round(highlightBefore.highlights[0]!.height * 1.5));
  const zoomed = await boxes(page, 'and support for heavy tailed', highlight.id);
  expectSameStart(zoomed.highlights[0]!, zoomed.span, false);
  await expectCoversInk(page, highlight.id, false);
  await page.keyboard.press('ControlOrMeta+Minus');
  await expect(again.reader.getByLabel('Zoom', { exact: true })).not.toHaveValue('2');

  // Rotate: the line stands upright and the highlight turns with it.
  await again.reader.getByLabel('Zoom', { exact: true }).selectOption('1');
  await again.reader.getByRole('button', { name: 'Rotate clockwise' }).click();
  await expect.poll(async () => { const b = await boxes(page, 'and support for heavy tailed', highlight.id); return b.highlights[0]!.height > b.highlights[0]!.width; }).toBe(true);
  const rotated = await boxes(page, 'and support for heavy tailed', highlight.id);
  expectSameStart(rotated.highlights[0]!, rotated.span, true);
  await expectCoversInk(page, highlight.id, true);
  await page.screenshot({ path: `${SCREENSHOTS}/reader-rotated.png`, animations: 'disabled', caret: 'hide' });
  await again.reader.getByRole('button', { name: 'Rotate clockwise' }).click();
  await again.reader.getByRole('button', { name: 'Rotate clockwise' }).click();
  await again.reader.getByRole('button', { name: 'Rotate clockwise' }).click();
  await again.reader.getByLabel('Zoom', { exact: true }).selectOption('page-width');

  // Dark theme.
  await again.library.setTheme('Dark');
  await page.getByRole('tab', { name: TITLE }).click();
  await expect(again.reader.locator('.rs-highlight').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/reader-dark.png`, animations: 'disabled', caret: 'hide' });
  await again.library.setTheme('Light');
});

test('text typed just before the tab closes is saved, undo brings back a deleted note, search finds annotation text', async ({ page }) => {
  const bridge = await nodeBridge();
  const docId = await documentId(bridge, TITLE);
  const { reader } = await openReader(page, TITLE);
  const panel = page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true });
  await expect(reader.locator('.rs-sticky')).toHaveCount(1);
  await reader.locator('.rs-sticky').click();
  const text = panel.getByLabel('Annotation text');
  await text.fill('Saved on close: a zebra-striped thought');
  // Close the tab at once: the typing pause has not passed, the close must save it.
  await page.keyboard.press('ControlOrMeta+w');
  await expect(page.getByRole('tab', { name: TITLE })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Library' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).find((a) => a.type === 'sticky_note')?.text).toBe('Saved on close: a zebra-striped thought');

  // The library keeps its own layout after a reader has run (pdf.js's styles stay in the reader).
  const library = new LibraryWindow(page);
  await library.sidebar.getByRole('button', { name: 'New folder' }).click({ trial: true });
  // The library search finds the document by its annotation text.
  await library.searchFor('zebra-striped');
  await expect(library.row(TITLE)).toBeVisible();

  // Delete the sticky note, then undo.
  await library.row(TITLE).dblclick();
  await expect(reader.locator('.rs-sticky')).toHaveCount(1, { timeout: 30_000 });
  await panel.getByRole('button', { name: /^Sticky note p\. 1/ }).click();
  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(reader.locator('.rs-sticky')).toHaveCount(0);
  await reader.getByRole('button', { name: 'Undo' }).click();
  await expect(reader.locator('.rs-sticky')).toHaveCount(1);
  const restored = (await bridge.call('annotations.list', { documentId: docId })).filter((a: LibraryAnnotation) => a.type === 'sticky_note');
  expect(restored).toHaveLength(1);
  expect(restored[0]!.text).toBe('Saved on close: a zebra-striped thought');

  // Markdown export.
  const download = page.waitForEvent('download');
  await reader.getByRole('button', { name: 'Export Markdown' }).click();
  const markdown = (await downloaded(await download)).toString('utf8');
  expect(markdown).toContain(`# ${TITLE}`);
  expect(markdown).toContain('### Highlight, green, p. 1');
  expect(markdown).toContain('Heavy tails: the main point');
  expect(markdown).toContain('> and support for heavy tailed');

  // A copy of the PDF with the annotations in it, as PDF annotations any reader shows.
  // The core's first use of pdf.js loads it: on a loaded machine that alone takes many seconds.
  const pdfDownload = page.waitForEvent('download', { timeout: 90_000 });
  await reader.getByRole('button', { name: 'Export PDF' }).click();
  const pdfFile = await pdfDownload;
  expect(pdfFile.suggestedFilename()).toMatch(/ \(annotated\)\.pdf$/);
  await expect(reader.locator('.rs-hint')).toContainText(/Downloaded .* with 2 annotations\./);
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({ data: new Uint8Array(await downloaded(pdfFile)), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
  const annotations = await (await (await task.promise).getPage(1)).getAnnotations() as { subtype: string; contentsObj: { str: string } }[];
  await task.destroy();
  expect(annotations.filter((a) => a.subtype === 'Highlight').map((a) => a.contentsObj.str)).toEqual(['Heavy tails: the main point']);
  expect(annotations.filter((a) => a.subtype === 'Text').map((a) => a.contentsObj.str)).toEqual(['Saved on close: a zebra-striped thought']);
  expect(annotations.some((a) => a.subtype === 'FreeText')).toBe(false);
});

test('find in the PDF, thumbnails and the outline; text typed just before the window reloads is saved', async ({ page }) => {
  const bridge = await nodeBridge();
  const docId = await documentId(bridge, TITLE);
  const { reader } = await openReader(page, TITLE);

  // Ctrl+F in the reader finds in the PDF, not in the library.
  await page.keyboard.press('ControlOrMeta+f');
  const find = reader.getByRole('searchbox', { name: 'Find in PDF' });
  await expect(find).toBeFocused();
  await find.fill('actuar');
  await expect(reader.getByTestId('find-count')).toHaveText(/^1 of \d+$/);
  const total = Number((await reader.getByTestId('find-count').textContent())!.split(' of ')[1]);
  expect(total).toBeGreaterThan(3);
  await find.press('Enter');
  await expect(reader.getByTestId('find-count')).toHaveText(`2 of ${total}`);
  await expect(reader.locator('.textLayer .highlight.selected')).toHaveCount(1);
  await find.press('Escape');
  await expect(find).toHaveCount(0);

  // Thumbnails: one per page, painted, and a click goes to the page.
  await reader.getByRole('button', { name: 'Pages' }).click();
  const thumbs = reader.getByRole('navigation', { name: 'Pages' }).getByRole('button');
  await expect(thumbs).toHaveCount(2);
  await thumbs.nth(1).click();
  await expect(reader.getByLabel('Page number')).toHaveValue('2');
  await page.screenshot({ path: `${SCREENSHOTS}/reader-thumbnails.png`, animations: 'disabled', caret: 'hide' });

  // The outline lists the PDF's sections; a click goes to one.
  await reader.getByRole('button', { name: 'Outline' }).click();
  const outline = reader.getByRole('navigation', { name: 'Outline' });
  await expect(outline.getByRole('button', { name: 'Introduction' })).toBeVisible();
  await outline.getByRole('button', { name: 'Introduction' }).click();
  await expect(reader.getByLabel('Page number')).toHaveValue('1');

  // The document note, typed and the window reloaded at once: pagehide saves it.
  const panel = page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true });
  await panel.getByRole('button', { name: 'Add a note' }).click();
  await panel.getByLabel('Document note').fill('Whole-paper note, saved as the window goes');
  await page.reload();
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).find((a) => a.type === 'note')?.text).toBe('Whole-paper note, saved as the window goes');
});

test('a sync while typing does not overwrite the text being edited', async ({ page }) => {
  const bridge = await nodeBridge();
  const docId = await documentId(bridge, TITLE);
  const { reader } = await openReader(page, TITLE);
  const panel = page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true });
  await reader.locator('.rs-sticky').click();
  const text = panel.getByLabel('Annotation text');
  await text.fill('First half of a thought');
  // Another device (here: the bridge directly) changes the same note, and a sync reloads the list.
  const sticky = (await bridge.call('annotations.list', { documentId: docId })).find((a) => a.type === 'sticky_note')!;
  await bridge.call('annotations.update', { id: sticky.id, patch: { text: 'Older text from elsewhere' } });
  await bridge.call('sync.syncNow');
  await text.press('End');
  await text.pressSequentially(', and the second half');
  await expect(text).toHaveValue('First half of a thought, and the second half');
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).find((a) => a.type === 'sticky_note')?.text)
    .toBe('First half of a thought, and the second half');
});

test('a selection across a page break makes one highlight with rectangles on both pages', async ({ page }) => {
  const bridge = await nodeBridge();
  const docId = await documentId(bridge, TITLE);
  const { reader } = await openReader(page, TITLE);
  // At 50% both pages are on screen, so both text layers are in place.
  await reader.getByLabel('Zoom', { exact: true }).selectOption('0.5');
  await expect(reader.locator('.page[data-page-number="2"] .textLayer span').first()).toBeAttached({ timeout: 30_000 });
  const before = (await bridge.call('annotations.list', { documentId: docId })).length;
  await page.evaluate(() => {
    const spans = (n: number) => [...document.querySelectorAll(`.reader .page[data-page-number="${n}"] .textLayer span`)].filter((s) => !s.children.length && s.textContent!.trim().length > 3);
    const last = spans(1).at(-1)!;
    const first = spans(2)[0]!;
    const range = document.createRange();
    range.setStart(last.firstChild!, 0);
    range.setEnd(first.firstChild!, first.textContent!.length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  });
  await page.keyboard.press('h');
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).length).toBe(before + 1);
  // Let the push rename the new highlight first, so the id below is the one the page shows.
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).every((a) => !a.id.startsWith('local:')), { timeout: 30_000 }).toBe(true);
  const created = (await bridge.call('annotations.list', { documentId: docId })).filter((a) => a.type === 'highlight').find((a) => a.positions!.some((p) => p.page === 2))!;
  expect(new Set(created.positions!.map((p) => p.page))).toEqual(new Set([1, 2]));
  await expect(reader.locator(`.page[data-page-number="2"] .rs-highlight[data-annotation-id="${created.id}"]`)).toHaveCount(created.positions!.filter((p) => p.page === 2).length);
  await expect(reader.locator(`.page[data-page-number="1"] .rs-highlight[data-annotation-id="${created.id}"]`)).toHaveCount(created.positions!.filter((p) => p.page === 1).length);
  await reader.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).length).toBe(before);
});

/** Each rectangle of these annotations relative to its page's box, as drawn in the page. */
async function placements(page: Page, ids: string[]) {
  return page.evaluate((wanted) => wanted.map((id) => [...document.querySelectorAll(`.reader [data-annotation-id="${id}"]:is(.rs-highlight, .rs-sticky)`)].map((el) => {
    const box = el.closest('.page')!.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return { page: (el.closest('.page') as HTMLElement).dataset.pageNumber, left: r.left - box.left, top: r.top - box.top, width: r.width, height: r.height };
  })), ids);
}

test('a second replica opens the same PDF and draws its annotations in the same place', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const bridge = await nodeBridge();
  const docId = await documentId(bridge, TITLE);
  const before = new Set((await bridge.call('annotations.list', { documentId: docId })).map((a) => a.id));
  const { reader } = await openReader(page, TITLE);

  // A highlight from a text selection and a sticky note, on the first device.
  await selectText(page, 'The current feature set', 'main categories');
  await page.keyboard.press('h');
  // The new highlight opens in the panel; Escape closes it before N places a note.
  await expect(page.locator('.rs-item.selected').filter({ visible: true })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.rs-item.selected').filter({ visible: true })).toHaveCount(0);
  await page.keyboard.press('n');
  await expect(page.getByText('Click on a page to place the sticky note')).toBeVisible();
  const pageBox = (await reader.locator('.page[data-page-number="1"]').boundingBox())!;
  await page.mouse.click(pageBox.x + pageBox.width * 0.3, pageBox.y + pageBox.height * 0.1);
  // Pushed: the ids are the service's, the same on every replica.
  let mine: LibraryAnnotation[] = [];
  await expect.poll(async () => {
    mine = (await bridge.call('annotations.list', { documentId: docId })).filter((a) => !before.has(a.id));
    return mine.length === 2 && mine.every((a) => !a.id.startsWith('local:'));
  }, { timeout: 30_000 }).toBe(true);
  const ids = mine.map((a) => a.id).sort();
  // The highlight (a rectangle per line) and the sticky note are drawn here, under the
  // service's ids once the window has heard of the rename (shortly after the core has).
  await expect.poll(async () => (await placements(page, ids)).every((rects) => rects.length > 0)).toBe(true);
  const here = await placements(page, ids);

  // The second device signs in to the same account, syncs, fetches the PDF and opens it.
  const device = await startDevice();
  try {
    const otherPage = await openSignedIn(context, device, firstDeviceService().localAccount);
    await otherPage.setViewportSize(page.viewportSize()!);
    const other = new LibraryWindow(otherPage);
    const otherBridge = await nodeBridge(device.pageUrl);
    await expect.poll(async () => (await otherBridge.call('annotations.list', { documentId: docId }).catch(() => [])).filter((a) => ids.includes(a.id)).length, { timeout: 30_000 }).toBe(2);
    // The same positions in PDF units, to the last digit.
    const theirs = (await otherBridge.call('annotations.list', { documentId: docId })).filter((a) => ids.includes(a.id));
    for (const a of theirs) expect(a.positions).toEqual(mine.find((m) => m.id === a.id)!.positions);

    await other.searchFor(TITLE);
    await other.row(TITLE).dblclick();
    const otherReader = otherPage.locator('.reader').filter({ has: otherPage.locator('.rs-toolbar') }).filter({ visible: true });
    await expect(otherReader.locator('.page[data-page-number="1"] canvas')).toBeVisible({ timeout: 30_000 });
    for (const id of ids) await expect(otherReader.locator(`[data-annotation-id="${id}"]:is(.rs-highlight, .rs-sticky)`).first()).toBeAttached({ timeout: 30_000 });
    // And drawn in the same place on the page, rectangle by rectangle (CSS pixels).
    const there = await placements(otherPage, ids);
    expect(there.map((rects) => rects.length)).toEqual(here.map((rects) => rects.length));
    here.forEach((rects, i) => rects.forEach((r, j) => {
      const t = there[i]![j]!;
      expect(t.page).toBe(r.page);
      for (const k of ['left', 'top', 'width', 'height'] as const) expect(Math.abs(t[k] - r[k])).toBeLessThan(0.5);
    }));
    await otherPage.screenshot({ path: `${SCREENSHOTS}/reader-second-replica.png`, animations: 'disabled', caret: 'hide' });
  } finally {
    await device.stop();
  }
});

test('the reader opens a document where it was left: page, zoom and scroll', async ({ page }) => {
  const { library, reader } = await openReader(page, TITLE);
  const viewer = reader.getByTestId('pdf-viewer');
  await reader.getByLabel('Zoom', { exact: true }).selectOption({ label: '150%' });
  await expect(reader.getByLabel('Zoom', { exact: true })).toHaveValue('1.5');
  await reader.getByLabel('Next page').click();
  await expect(reader.getByLabel('Page number')).toHaveValue('2');
  // A little further down page 2, by the wheel as a person scrolls.
  const before = await viewer.evaluate((el) => el.scrollTop);
  await viewer.hover();
  await page.mouse.wheel(0, 240);
  await expect.poll(() => viewer.evaluate((el) => el.scrollTop)).toBeGreaterThan(before + 100);
  const left = await viewer.evaluate((el) => el.scrollTop);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refshelf.reader.positions') ?? '')).toContain('zoom=150');

  await page.keyboard.press('ControlOrMeta+w');
  await expect(page.getByRole('tab', { name: TITLE })).toHaveCount(0);
  await library.row(TITLE).dblclick();
  await expect(reader.locator('.page[data-page-number="2"] canvas')).toBeVisible({ timeout: 30_000 });
  await expect(reader.getByLabel('Zoom', { exact: true })).toHaveValue('1.5');
  await expect(reader.getByLabel('Page number')).toHaveValue('2');
  // The same point at the top of the window (pdf.js keeps it in PDF units; a few px of rounding).
  await expect.poll(async () => Math.abs((await viewer.evaluate((el) => el.scrollTop)) - left)).toBeLessThan(4);
  await page.screenshot({ path: `${SCREENSHOTS}/reader-reopened-where-left.png`, animations: 'disabled', caret: 'hide' });

  // Back to the defaults for the other tests, which start from page 1 at fit width.
  await reader.getByLabel('Zoom', { exact: true }).selectOption({ label: 'Fit width' });
  await reader.getByLabel('Previous page').click();
  await expect(reader.getByLabel('Page number')).toHaveValue('1');
  await page.evaluate(() => localStorage.removeItem('refshelf.reader.positions'));
});

test('a document opened again is painted on a canvas the reader already had (pageCanvasPool.ts)', async ({ page }) => {
  // Every canvas the window makes is numbered as it is made.
  await page.addInitScript(() => {
    const create = Document.prototype.createElement as (this: Document, tagName: string, options?: ElementCreationOptions) => HTMLElement;
    let made = 0;
    Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
      const element = create.call(this, tagName, options);
      if (element instanceof HTMLCanvasElement) element.dataset.made = String(++made);
      return element;
    } as typeof Document.prototype.createElement;
    (window as unknown as { canvasesMade: () => number }).canvasesMade = () => made;
  });
  const { library, reader } = await openReader(page, TITLE);
  const firstPage = reader.locator('.page[data-page-number="1"] canvas');
  await page.keyboard.press('ControlOrMeta+w');
  await expect(page.getByRole('tab', { name: TITLE })).toHaveCount(0);
  const madeBefore = await page.evaluate(() => (window as unknown as { canvasesMade: () => number }).canvasesMade());
  await library.row(TITLE).dblclick();
  await expect(firstPage).toBeVisible({ timeout: 30_000 });
  expect(Number(await firstPage.getAttribute('data-made'))).toBeLessThanOrEqual(madeBefore);
  // Painted, not blank: the pooled canvas holds this page's text.
  await expect.poll(() => firstPage.evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 110) dark++;
    return dark;
  }), { timeout: 30_000 }).toBeGreaterThan(1000);
});
