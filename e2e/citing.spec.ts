// Citing in the library window, against the real core in browser mode: a style picked in
// Settings' searchable list formats what Ctrl/Cmd+Shift+A and +C put on the clipboard,
// as plain text and HTML (italics kept).
import { expect, test, type Page } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';

async function chooseStyle(page: Page, search: string, title: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+Comma');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search citation styles' }).fill(search);
  const option = dialog.getByRole('option', { name: title, exact: true });
  await option.click();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The clipboard's plain text and HTML, as a word processor would read them; null while the
 * page is still writing it (Chromium then refuses the read with InvalidStateError).
 */
async function clipboardContents(page: Page): Promise<{ text: string; html: string } | null> {
  return page.evaluate(async () => {
    try {
      const [item] = await navigator.clipboard.read();
      const read = async (type: string) => (item!.types.includes(type) ? (await item!.getType(type)).text() : '');
      return { text: await read('text/plain'), html: await read('text/html') };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'InvalidStateError') return null;
      throw error;
    }
  });
}

test('a style picked in Settings formats the quick copy of the selection', async ({ page, context }) => {
  // Each style's first use parses it (about a second, several under load).
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const app = await LibraryWindow.open(page);
  const title = `Giraffe necks reconsidered ${unique('study')}`;
  await app.createDocument({ title, authors: 'Okapi, Ada; Bongo, Ben', year: '2019' });
  await app.field('Journal').fill('Journal of Tall Mammals');
  await app.field('Journal').press('Tab');
  await app.selectOnly(title);

  await chooseStyle(page, 'ieee', 'IEEE');
  try {
    await app.row(title).click();
    await page.keyboard.press('ControlOrMeta+Shift+A');
    await expect.poll(async () => (await clipboardContents(page))?.text).toBe('[1]');
    await page.keyboard.press('ControlOrMeta+Shift+C');
    await expect.poll(async () => (await clipboardContents(page))?.text).toBe(`[1] A. Okapi and B. Bongo, “${title},” Journal of Tall Mammals, 2019.`);
    await expect.poll(async () => (await clipboardContents(page))?.html).toContain('<i>Journal of Tall Mammals</i>');

    await chooseStyle(page, 'chicago author', 'Chicago Manual of Style 17th edition (author-date)');
    await app.row(title).click();
    await page.keyboard.press('ControlOrMeta+Shift+A');
    await expect.poll(async () => (await clipboardContents(page))?.text).toBe('(Okapi and Bongo 2019)');
  } finally {
    await chooseStyle(page, 'american psychological', 'American Psychological Association 7th edition');
  }
});

/** What a drag started on this row would carry: a real dragstart through React's handler. */
async function dragData(page: Page, title: string): Promise<Record<string, string>> {
  return page.locator('[role="row"]').filter({ hasText: title }).first().evaluate((row) => {
    const transfer = new DataTransfer();
    row.dispatchEvent(new DragEvent('dragstart', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    return Object.fromEntries(transfer.types.map((type) => [type, transfer.getData(type)]));
  });
}

test('documents dragged out of the list carry their formatted bibliography', async ({ page }) => {
  test.slow();
  const app = await LibraryWindow.open(page);
  const tag = unique('drag');
  const first = `Zebra stripes as insect repellent ${tag}`;
  const second = `Antelope herds at dusk ${tag}`;
  await app.createDocument({ title: first, authors: 'Quagga, Quentin', year: '2021' });
  await app.field('Journal').fill('Journal of Striped Things');
  await app.field('Journal').press('Tab');
  await app.createDocument({ title: second, authors: 'Eland, Erin', year: '2018' });

  await app.searchFor(tag);
  await expect(app.rows()).toHaveCount(2);
  await app.row(first).click();
  await app.row(second).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.locator('[role="row"][aria-selected="true"]')).toHaveCount(2);
  // A mouse button down on a selected row asks for the bibliography the drag will carry.
  await page.mouse.move(0, 0);
  await app.row(first).hover();
  await page.mouse.down();
  let data: Record<string, string> = {};
  await expect.poll(async () => {
    data = await dragData(page, first);
    return data['text/html'] ?? '';
  }).toContain('<i>Journal of Striped Things</i>');
  // APA (the default style) in the style's order, as text and HTML; the window's own type stays for drops on folders.
  expect(data['text/plain']).toBe([
    `Eland, E. (2018). ${second}.`,
    `Quagga, Q. (2021). ${first}. Journal of Striped Things.`,
  ].join('\n'));
  expect(data['text/html']).toContain('<div class="csl-entry">Eland, E. (2018).');
  expect(JSON.parse(data['application/x-refshelf-documents']!)).toHaveLength(2);
  await app.shot('citing-drag-out-selection');
  await page.mouse.up();
});
