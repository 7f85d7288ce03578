// The tab strip at 1024x700 with five documents open: the reader tabs that do not fit go into
// a "More tabs" menu, reached by keyboard, listing their titles; choosing one activates it,
// and the active tab is always in the strip. Nothing in the strip is cut off; the strip and
// the menu pass axe's AA contrast check in both themes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LibraryWindow, SCREENSHOTS, unique } from './app.ts';
import { contrastFailures } from './contrast.ts';
import { nodeBridge } from './nodeBridge.ts';

const FIXTURES = 'shared/node/pdf/fixtures';
const FILES = ['actuar-intro.pdf', 'rcpp-extending.pdf', 'survival-approximate.pdf', 'actuar-intro.pdf', 'rcpp-extending.pdf'];

/** Five documents with PDFs of their own (a comment after %%EOF makes each file new), with titles no other test uses. */
async function importDocuments(): Promise<string[]> {
  const bridge = await nodeBridge();
  const dir = mkdtempSync(path.join(tmpdir(), 'tab-overflow-'));
  const paths = FILES.map((name, i) => {
    const copy = path.join(dir, `${i}-${name}`);
    writeFileSync(copy, Buffer.concat([readFileSync(path.join(FIXTURES, name)), Buffer.from(`\n% tab overflow ${i} ${Math.random()}\n`)]));
    return copy;
  });
  const report = await bridge.call('import.paths', { paths, duplicates: 'add' });
  const titles: string[] = [];
  for (const [i, outcome] of report.files.entries()) {
    expect(outcome.documentId, outcome.message).toBeTruthy();
    const title = unique(`Overflow tab ${i + 1}, a paper with a longer title`);
    await bridge.call('documents.update', { id: outcome.documentId!, patch: { title } });
    titles.push(title);
  }
  return titles;
}

async function openFromLibrary(page: Page, library: LibraryWindow, title: string) {
  await page.getByRole('tab', { name: 'Library', exact: true }).click();
  await library.searchFor(title);
  await library.row(title).dblclick();
  await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
}

/** The strip's own box, each reader tab shown and the button's, to check nothing is cut. */
async function stripGeometry(page: Page) {
  return page.evaluate(() => {
    const strip = document.querySelector('.view-tabs')!.getBoundingClientRect();
    const tabs = [...document.querySelectorAll('.reader-tab-strip > .view-tab, .reader-tab-strip > .more-tabs')].map((el) => el.getBoundingClientRect());
    return { stripRight: strip.right, rightmost: Math.max(...tabs.map((r) => r.right)), pageWider: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
}

test('at 1024x700, reader tabs that do not fit are in the More tabs menu; the active one is always shown', async ({ page }) => {
  test.setTimeout(240_000);
  const titles = await importDocuments();
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.emulateMedia({ colorScheme: 'light' });
  const library = await LibraryWindow.open(page);
  for (const title of titles) await openFromLibrary(page, library, title);

  // The last one opened is active and shown; some earlier ones went into the menu.
  const strip = page.getByRole('tablist', { name: 'Views' });
  const more = strip.getByRole('button', { name: /^More tabs \(\d+\)$/ });
  await expect(more).toBeVisible();
  await expect(strip.getByRole('tab', { name: titles[4]! })).toBeVisible();
  const hiddenCount = Number(/\((\d+)\)/.exec((await more.getAttribute('aria-label'))!)![1]);
  expect(hiddenCount).toBeGreaterThanOrEqual(1);
  expect(await strip.locator('.reader-tab-strip > .reader-tab').count()).toBe(titles.length - hiddenCount);
  const geometry = await stripGeometry(page);
  expect(geometry.rightmost).toBeLessThanOrEqual(geometry.stripRight);
  expect(geometry.pageWider).toBe(0);
  await page.screenshot({ path: `${SCREENSHOTS}/tab-overflow-1024x700-light.png`, caret: 'hide', animations: 'disabled' });

  // Every title is reachable: in the strip or in the menu, opened from the keyboard. (Read the
  // strip first: an open menu hides the rest of the window from the accessibility tree.)
  const inStrip = await strip.locator('.reader-tab-strip > .reader-tab .tab-title').allTextContents();
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More tabs' });
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveCount(hiddenCount);
  const inMenu = await items.allTextContents();
  expect([...inStrip, ...inMenu].sort()).toEqual([...titles].sort());
  await page.screenshot({ path: `${SCREENSHOTS}/tab-overflow-menu-1024x700-light.png`, caret: 'hide', animations: 'disabled' });
  expect(await contrastFailures(page, ['.textLayer', '.annotationLayer'])).toEqual([]);

  // Choosing the first hidden one by keyboard activates it and brings it into the strip.
  const chosen = inMenu[0]!;
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(strip.getByRole('tab', { name: chosen })).toHaveAttribute('aria-selected', 'true');
  await expect(strip.getByRole('tab', { name: chosen })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: chosen })).toBeVisible();
  const after = await stripGeometry(page);
  expect(after.rightmost).toBeLessThanOrEqual(after.stripRight);

  // Dark theme, the menu open.
  await page.emulateMedia({ colorScheme: 'dark' });
  await more.click();
  await expect(menu).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/tab-overflow-menu-1024x700-dark.png`, caret: 'hide', animations: 'disabled' });
  expect(await contrastFailures(page, ['.textLayer', '.annotationLayer'])).toEqual([]);
  await page.keyboard.press('Escape');

  // Wide enough, every tab is in the strip and the menu goes.
  await page.setViewportSize({ width: 2400, height: 900 });
  await expect(more).toHaveCount(0);
  await expect(strip.locator('.reader-tab-strip > .reader-tab')).toHaveCount(titles.length);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/tab-overflow-1440x900-dark.png`, caret: 'hide', animations: 'disabled' });

});
