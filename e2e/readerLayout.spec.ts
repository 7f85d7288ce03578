// The reader's layout: Find does not move the window (the tab strip stays where it was while
// Find is open and after it closes). It did: a canvas pdf.js appends to <body> was left
// unstyled by the reader's scoped stylesheet and made the page 18 px taller than the window.
import { expect, test, type Page } from '@playwright/test';
import { LibraryWindow, SCREENSHOTS } from './app.ts';

const TITLE = 'Introduction to actuar, reading copy';

async function openReader(page: Page, title: string) {
  const library = await LibraryWindow.open(page);
  await library.searchFor(title);
  await library.row(title).dblclick();
  const reader = page.locator('.reader').filter({ visible: true });
  await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
  await expect(reader.locator('.page[data-page-number="1"] .textLayer span').first()).toBeAttached({ timeout: 30_000 });
  return reader;
}

/** Where the tab strip is, and how far anything that should never scroll has scrolled. */
async function layoutProbe(page: Page) {
  return page.evaluate(() => {
    const strip = document.querySelector('.view-tabs')!.getBoundingClientRect();
    const scrolled = [document.scrollingElement, document.body, document.getElementById('root'), document.querySelector('.app'), ...document.querySelectorAll('.reader-body-host, .reader, .reader-body, .reader-main')]
      .filter((el): el is Element => !!el)
      .map((el) => ({ el: el.className || el.tagName, top: el.scrollTop }))
      .filter((s) => s.top !== 0);
    // The page is never taller than the window: nothing is there to scroll to.
    const extra = document.documentElement.scrollHeight - document.documentElement.clientHeight;
    return { top: strip.top, height: strip.height, extra, scrolled };
  });
}

for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
  test(`Find in the reader does not move the window at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const reader = await openReader(page, TITLE);
    const before = await layoutProbe(page);
    expect(before).toEqual({ top: 0, height: before.height, extra: 0, scrolled: [] });

    await page.keyboard.press('ControlOrMeta+f');
    const find = reader.getByRole('searchbox', { name: 'Find in PDF' });
    await expect(find).toBeFocused();
    await find.fill('actuar');
    await expect(reader.getByTestId('find-count')).toHaveText(/^1 of \d+$/);
    await find.press('Enter');
    await expect(reader.getByTestId('find-count')).toHaveText(/^2 of \d+$/);
    const during = await layoutProbe(page);
    await page.screenshot({ path: `${SCREENSHOTS}/reader-find-${size.width}x${size.height}.png`, caret: 'hide', animations: 'disabled' });
    await find.press('Escape');
    await expect(find).toHaveCount(0);
    const after = await layoutProbe(page);
    console.log(JSON.stringify({ size, before, during, after }));
    expect(during).toEqual(before);
    expect(after).toEqual(before);
  });
}
