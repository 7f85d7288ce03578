// Underlines in the reader: drawn from a text selection with U, kept through a reload,
// exported into the PDF copy as a real /Underline annotation. Screenshots at 1440x900 and
// 1024x700 in both themes.
import { expect, test, type Download, type Page } from '@playwright/test';
import { loadPdfJs } from '../shared/node/pdf/openPdf.ts';
import { LibraryWindow, SCREENSHOTS } from './app.ts';
import { nodeBridge } from './nodeBridge.ts';

const TITLE = 'Rcpp Extending, marks copy';

async function openReader(page: Page) {
  const library = await LibraryWindow.open(page);
  await library.searchFor(TITLE);
  await library.row(TITLE).dblclick();
  const reader = page.locator('.reader').filter({ has: page.locator('.rs-toolbar') }).filter({ visible: true });
  await expect(page.getByRole('tab', { name: TITLE })).toHaveAttribute('aria-selected', 'true');
  await expect(reader.locator('.page[data-page-number="1"] canvas')).toBeVisible({ timeout: 30_000 });
  await expect(reader.locator('.page[data-page-number="1"] .textLayer span').first()).toBeAttached({ timeout: 30_000 });
  return reader;
}

/** Selects page 1's text from the span holding `from` to the end of the span holding `to`. */
async function selectText(page: Page, from: string, to: string): Promise<void> {
  await page.evaluate(([a, b]) => {
    const spans = [...document.querySelectorAll('.reader .page[data-page-number="1"] .textLayer span')].filter((s) => !s.children.length);
    const start = spans.find((s) => s.textContent!.includes(a!));
    const end = spans.find((s) => s.textContent!.includes(b!));
    if (!start || !end) throw new Error('text not found on page 1');
    const range = document.createRange();
    range.setStart(start.firstChild!, 0);
    range.setEnd(end.firstChild!, end.textContent!.length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  }, [from, to]);
}

async function bytesOf(download: Download): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

test('an underline drawn from a selection survives a reload and is exported as a PDF /Underline', async ({ page }) => {
  test.slow();
  const bridge = await nodeBridge();
  const docId = (await bridge.call('documents.search', { text: TITLE })).items.find((d) => d.title === TITLE)!.id;
  let reader = await openReader(page);

  await selectText(page, 'This note provides an overview', 'extend Rcpp');
  await page.keyboard.press('u');
  await expect(reader.locator('.rs-underline')).not.toHaveCount(0);
  await expect(reader.locator('.rs-highlight')).toHaveCount(0);
  const panel = page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true });
  await expect(panel.locator('.rs-kind', { hasText: 'Underline' })).toHaveCount(1);
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).map((a) => a.style)).toEqual(['underline']);
  const lines = await reader.locator('.rs-underline').count();
  // The line is under the text: the element's bottom border, in the underline's full colour.
  // Asked of the element found anew on each try: the push gives the annotation the service's
  // id, and the line is drawn again under its new key.
  await expect(reader.locator('.rs-underline').first()).toHaveCSS('border-bottom-color', 'rgb(0, 90, 200)');

  await page.keyboard.press('Escape');
  await expect(page.locator('.rs-item.selected').filter({ visible: true })).toHaveCount(0);
  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await expect(reader.locator('.rs-underline').first()).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/reader-underline-${width}x${height}-${scheme}.png`, animations: 'disabled', caret: 'hide' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1360, height: 820 });

  // Reload: the underline is drawn again, as an underline.
  await page.reload();
  reader = await openReader(page);
  await expect(reader.locator('.rs-underline')).toHaveCount(lines);

  // Export PDF: the copy holds it as /Underline, with its colour, over the same lines.
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await reader.getByRole('button', { name: 'Export PDF' }).click();
  await expect(reader.locator('.rs-hint')).toContainText(/Downloaded .* with 1 annotation\./, { timeout: 90_000 });
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({ data: await bytesOf(await download), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
  const annotations = await (await (await task.promise).getPage(1)).getAnnotations() as { subtype: string; color: Uint8ClampedArray; quadPoints: Float32Array }[];
  await task.destroy();
  const underlines = annotations.filter((a) => a.subtype === 'Underline');
  expect(underlines).toHaveLength(1);
  expect([...underlines[0]!.color]).toEqual([0, 90, 200]);
  expect(underlines[0]!.quadPoints).toHaveLength(lines * 8);
  expect(annotations.some((a) => a.subtype === 'Highlight')).toBe(false);
});

test('an area dragged over a figure shows its picture in the panel, survives a reload and is exported as /Square and in Markdown', async ({ page }) => {
  test.slow();
  const bridge = await nodeBridge();
  const docId = (await bridge.call('documents.search', { text: TITLE })).items.find((d) => d.title === TITLE)!.id;
  let reader = await openReader(page);

  await page.keyboard.press('a');
  await expect(page.getByText('Drag a rectangle over a figure')).toBeVisible();
  const box = (await reader.locator('.page[data-page-number="1"]').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.35);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45, { steps: 5 });
  await page.mouse.up();
  await expect(reader.locator('.rs-area')).toHaveCount(1);
  await expect.poll(async () => (await bridge.call('annotations.list', { documentId: docId })).filter((a) => a.style === 'area').length).toBe(1);
  const area = (await bridge.call('annotations.list', { documentId: docId })).find((a) => a.style === 'area')!;
  const [position] = area.positions!;
  // The rectangle in PDF points (612 × 792): from 10 % to 50 % across, 35 % to 45 % down
  // (within the page's border, a few points at this zoom).
  const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(12);
  expect(position!.page).toBe(1);
  near(position!.top_left.x, 612 * 0.1);
  near(position!.bottom_right.x, 612 * 0.5);
  near(position!.top_left.y, 792 * 0.65);
  near(position!.bottom_right.y, 792 * 0.55);
  // The panel shows the picture cut from the page, as wide as the area (or the panel).
  const panel = page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true });
  const picture = panel.locator('img.rs-area-image');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await expect(picture).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/reader-area-${width}x${height}-${scheme}.png`, animations: 'disabled', caret: 'hide' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1360, height: 820 });

  // Reload: the area and its picture (from the local cache) are back.
  await page.reload();
  reader = await openReader(page);
  await expect(reader.locator('.rs-area')).toHaveCount(1);
  await expect(page.getByRole('complementary', { name: 'Annotations' }).filter({ visible: true }).locator('img.rs-area-image')).toBeVisible();

  // Markdown keeps it as a picture with its page and rectangle.
  const markdownDownload = page.waitForEvent('download', { timeout: 90_000 });
  await reader.getByRole('button', { name: 'Export Markdown' }).click();
  const markdown = Buffer.from(await bytesOf(await markdownDownload)).toString('utf8');
  expect(markdown).toMatch(/### Area, .*p\. 1/);
  expect(markdown).toMatch(/!\[Area on page 1: x [\d.]+–[\d.]+, y [\d.]+–[\d.]+ \(PDF points from the bottom left of the page\)\]\(data:image\/png;base64,/);

  // Export PDF: a /Square over the same rectangle.
  const pdfDownload = page.waitForEvent('download', { timeout: 90_000 });
  await reader.getByRole('button', { name: 'Export PDF' }).click();
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({ data: await bytesOf(await pdfDownload), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
  const annotations = await (await (await task.promise).getPage(1)).getAnnotations() as { subtype: string; rect: number[] }[];
  await task.destroy();
  const squares = annotations.filter((a) => a.subtype === 'Square');
  expect(squares).toHaveLength(1);
  expect(squares[0]!.rect[0]).toBeCloseTo(position!.top_left.x, 1);
  expect(squares[0]!.rect[3]).toBeCloseTo(position!.top_left.y, 1);
});
