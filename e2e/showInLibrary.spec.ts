// "Show in library" from a narrowed list and from a reader tab: the library tab, its whole
// list (no search), the document selected and scrolled into view. The list is sorted by
// title so the seeded PDF stands far below the first screenful.
import { expect, test, type Page } from '@playwright/test';
import { LibraryWindow } from './app.ts';

const TITLE = 'Introduction to actuar, reading copy';

async function sortByTitle(page: Page): Promise<void> {
  const header = page.getByRole('columnheader', { name: 'Title' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
}

/** The row whose title is exactly this (a search may also find longer titles). */
const exactRow = (app: LibraryWindow, title: string) =>
  app.rows().filter({ has: app.page.locator('.cell-title').getByText(title, { exact: true }) });

async function expectRevealed(app: LibraryWindow, title: string): Promise<void> {
  await expect(app.page.getByRole('tab', { name: 'Library' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.search).toHaveValue('');
  await expect(app.page.locator('.search-count')).toHaveCount(0);
  const row = exactRow(app, title);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toBeInViewport();
  await expect(app.field('Title')).toHaveValue(title);
  // The whole library is listed, not just the document.
  expect(await app.rows().count()).toBeGreaterThan(10);
}

test('"Show in library" on a search result shows it in the whole list, selected and scrolled to', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await sortByTitle(page);
  await app.searchFor(TITLE);
  await exactRow(app, TITLE).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Show in library' }).click();
  await expectRevealed(app, TITLE);
  // The list did scroll: its first rows are gone from the screen.
  await expect(app.rows().first()).not.toBeInViewport();
  await app.shot('library-show-in-library');
});

test('"Show in library" on a reader tab goes back to the library at the document', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await sortByTitle(page);
  await app.searchFor(TITLE);
  await exactRow(app, TITLE).dblclick();
  const tab = page.getByRole('tab', { name: TITLE });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await tab.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Show in library' }).click();
  await expectRevealed(app, TITLE);
  // The reader tab stays open.
  await expect(tab).toBeVisible();
});
