// The sidebar's tag list and Recently Read, the list's columns (sort by flags, resize,
// hide) and the resizable panes, against the real core in browser mode.
import { expect, test } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';
import type { Page } from '@playwright/test';

/** The sidebar item of a tag; past the most used few, the tag filter brings it into view. */
async function sidebarTag(page: Page, tag: string) {
  const filter = page.getByRole('searchbox', { name: 'Filter tags' });
  if (await filter.isVisible()) await filter.fill(tag);
  return page.getByRole('tree', { name: 'Tags' }).getByRole('treeitem', { name: new RegExp(`^${tag}`) });
}

test('a tag added in the details appears in the sidebar and lists its documents', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const tag = unique('estuary').replace(' ', '-');
  await app.selectOnly('The Structure of Scientific Revolutions');
  await app.field('Tags').fill(tag);
  await app.field('Tags').press('Enter');
  await app.clearSearch();
  await (await sidebarTag(page, tag)).click();
  await expect(app.rows()).toHaveCount(1);
  await expect(app.row('The Structure of Scientific Revolutions')).toHaveCount(1);
  await expect(await sidebarTag(page, tag)).toContainText('1');
});

test('past a dozen tags the sidebar shows the most used, a filter finds the rest and "more" shows more', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const prefix = unique('marsh').replace(' ', '-');
  await app.selectOnly('The Structure of Scientific Revolutions');
  for (let i = 0; i < 14; i++) {
    await app.field('Tags').fill(`${prefix}-${i}`);
    await app.field('Tags').press('Enter');
  }
  const tree = page.getByRole('tree', { name: 'Tags' });
  const filter = page.getByRole('searchbox', { name: 'Filter tags' });
  await expect(filter).toBeVisible();
  await expect(tree.getByRole('treeitem')).toHaveCount(12);
  const more = page.getByRole('button', { name: /^Show \d+ more of \d+$/ });
  await more.click();
  await expect.poll(() => tree.getByRole('treeitem').count()).toBeGreaterThan(12);
  await filter.fill(`${prefix}-1`);
  // -1, -10 .. -13: five tags hold "-1".
  await expect(tree.getByRole('treeitem')).toHaveCount(5);
  await filter.fill(`${prefix}-13`);
  await tree.getByRole('treeitem', { name: new RegExp(`^${prefix}-13`) }).click();
  await expect(app.rows()).toHaveCount(1);
  await filter.fill('no tag has this text');
  await expect(tree).toContainText('No tag contains');
  // The active tag stays in view whatever the filter says.
  await expect(tree.getByRole('treeitem', { name: new RegExp(`^${prefix}-13`) })).toHaveAttribute('aria-selected', 'true');
});

test('Recently Read lists the documents opened here, the latest first', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  for (const title of ['Deep Residual Learning for Image Recognition', 'Attention Is All You Need']) {
    await app.searchFor(title);
    await app.row(title).dblclick();
    await expect(app.field('Title')).toHaveValue(title);
  }
  await app.clearSearch();
  await app.collection('Recently Read').click();
  await expect(app.rows().nth(0).locator('.cell-title')).toHaveText('Attention Is All You Need');
  await expect(app.rows().nth(1).locator('.cell-title')).toHaveText('Deep Residual Learning for Image Recognition');
});

test('columns sort by the starred flag, resize from the keyboard, hide and come back after a reload', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await page.getByRole('columnheader', { name: 'Starred' }).getByRole('button').click();
  await expect(app.rows().first().locator('.star-button')).toHaveText('☆');
  await page.getByRole('columnheader', { name: 'Starred' }).getByRole('button').click();
  await expect(app.rows().first().locator('.star-button')).toHaveText('★');

  const resizer = page.getByRole('separator', { name: 'Resize Authors' });
  const before = Number(await resizer.getAttribute('aria-valuenow'));
  await resizer.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(resizer).toHaveAttribute('aria-valuenow', String(before + 32));

  await page.getByRole('columnheader', { name: 'Source' }).click({ button: 'right' });
  await page.getByRole('menuitemcheckbox', { name: 'Source' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Source' })).toHaveCount(0);

  await page.reload();
  await expect(app.rows().first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Source' })).toHaveCount(0);
  await expect(page.getByRole('separator', { name: 'Resize Authors' })).toHaveAttribute('aria-valuenow', String(before + 32));
  await page.getByRole('columnheader', { name: 'Title' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Reset columns' }).click();
  await expect(page.getByRole('columnheader', { name: 'Source' })).toBeVisible();
});

test('the title column widens from the keyboard and by mouse, the next columns giving way, and stays so after a reload', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const title = page.getByRole('columnheader', { name: 'Title' });
  const authors = page.getByRole('columnheader', { name: 'Authors' });
  const width = async (header: typeof title) => Math.round((await header.boundingBox())!.width);
  const [title0, authors0] = [await width(title), await width(authors)];
  const separator = page.getByRole('separator', { name: 'Resize Title' });
  await expect(separator).toHaveAttribute('aria-valuenow', String(title0));

  await separator.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => width(title)).toBe(title0 + 32);
  expect(await width(authors)).toBe(authors0 - 32);
  await expect(separator).toHaveAttribute('aria-valuenow', String(title0 + 32));

  // Grabbed at its middle, which lies over the next header: the whole handle takes the pointer.
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => width(title)).toBe(title0 + 52);
  await app.shot('library-title-widened');

  await page.reload();
  await expect(app.rows().first()).toBeVisible();
  await expect.poll(() => width(title)).toBe(title0 + 52);
  expect(await width(authors)).toBe(authors0 - 52);
});

test('the side panes resize by dragging their splitters', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const splitter = page.getByRole('separator', { name: 'Resize the sidebar' });
  const box = (await splitter.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + 200, { steps: 4 });
  await page.mouse.up();
  const width = Number(await splitter.getAttribute('aria-valuenow'));
  expect(width).toBeGreaterThan(250);
  expect((await app.sidebar.boundingBox())!.width).toBeCloseTo(width, -1);
  await splitter.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(width - 16));
});
