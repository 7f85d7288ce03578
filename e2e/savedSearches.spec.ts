// Saved searches: the search text and the filters kept under a name in the sidebar; after
// a reload it is still there, and running it finds documents added since, live. Renamed
// from its context menu, deleted from the keyboard.
import { expect, test } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';
import { nodeBridge } from './nodeBridge.ts';

test('a saved search keeps its filters, survives a reload and finds documents added later', async ({ page }) => {
  const bridge = await nodeBridge();
  const word = unique('Kestrel').split(' ')[1]!;
  await bridge.call('documents.create', { title: `Kestrel ${word} hunting in 2003`, type: 'journal', year: 2003 });
  await bridge.call('documents.create', { title: `Kestrel ${word} older survey`, type: 'journal', year: 1999 });
  const app = await LibraryWindow.open(page);
  const saved = page.getByRole('tree', { name: 'Saved searches' });

  await app.searchFor(word);
  await expect(app.rows()).toHaveCount(2);
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Year from').fill('2003');
  await filters.getByLabel('Year from').press('Enter');
  await filters.getByLabel('to', { exact: true }).fill('2003');
  await filters.getByLabel('to', { exact: true }).press('Enter');
  await expect(app.rows()).toHaveCount(1);

  await app.sidebar.getByRole('button', { name: 'Save this search' }).click();
  const name = app.sidebar.getByRole('textbox', { name: 'Saved search name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue(word);
  await name.fill(`Kestrels ${word}`);
  await name.press('Enter');
  const item = saved.getByRole('treeitem', { name: `Kestrels ${word}` });
  await expect(item).toHaveAttribute('aria-selected', 'true');
  // The saved search is the current place, not My Library as well.
  await expect(app.collection('My Library')).toHaveAttribute('aria-selected', 'false');
  await expect(item).toHaveAttribute('title', `Kestrels ${word}: “${word}” in My Library · 2003`);

  // Elsewhere, then a fresh window: the saved search is read back from the replica.
  await filters.getByRole('button', { name: 'Clear' }).click();
  await app.clearSearch();
  await expect(item).toHaveAttribute('aria-selected', 'false');
  await expect(app.collection('My Library')).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  const again = new LibraryWindow(page);
  await expect(again.rows().first()).toBeVisible();
  const reloaded = page.getByRole('tree', { name: 'Saved searches' }).getByRole('treeitem', { name: `Kestrels ${word}` });
  await expect(reloaded).toBeVisible();

  // A matching document added after the search was saved is found.
  await bridge.call('documents.create', { title: `Kestrel ${word} nest boxes`, type: 'journal', year: 2003 });
  await reloaded.click();
  await expect(again.search).toHaveValue(word);
  await expect(again.rows()).toHaveCount(2);
  await expect(again.row(`Kestrel ${word} nest boxes`)).toHaveCount(1);
  await expect(again.row(`Kestrel ${word} older survey`)).toHaveCount(0);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('group', { name: 'Filters' }).getByLabel('Year from')).toHaveValue('2003');
  // And live: one added while it is shown appears without another click.
  await bridge.call('documents.create', { title: `Kestrel ${word} winter roosts`, type: 'journal', year: 2003 });
  await expect(again.row(`Kestrel ${word} winter roosts`)).toHaveCount(1);
  await expect(again.rows()).toHaveCount(3);

  // Rename from the context menu.
  await reloaded.click({ button: 'right' });
  await page.getByRole('menuitem', { name: /Rename/ }).click();
  const rename = app.sidebar.getByRole('textbox', { name: 'Saved search name' });
  await expect(rename).toBeFocused();
  await rename.fill(`Kestrels of 2003 ${word}`);
  await rename.press('Enter');
  const renamed = page.getByRole('tree', { name: 'Saved searches' }).getByRole('treeitem', { name: `Kestrels of 2003 ${word}` });
  await expect(renamed).toBeVisible();
  // And F2 from the keyboard (Escape leaves the name as it was).
  await renamed.focus();
  await page.keyboard.press('F2');
  await expect(app.sidebar.getByRole('textbox', { name: 'Saved search name' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(renamed).toBeVisible();

  // A name already taken is refused with a sentence.
  await app.sidebar.getByRole('button', { name: 'Save this search' }).click();
  await app.sidebar.getByRole('textbox', { name: 'Saved search name' }).fill(`kestrels OF 2003 ${word}`);
  await app.sidebar.getByRole('textbox', { name: 'Saved search name' }).press('Enter');
  await expect(app.sidebar.getByRole('alert')).toHaveText(`There is already a saved search named “kestrels OF 2003 ${word}”`);

  // Delete from the keyboard.
  await renamed.focus();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: `Delete the saved search “Kestrels of 2003 ${word}”?` });
  await confirm.getByRole('button', { name: 'Delete saved search' }).click();
  await expect(renamed).toHaveCount(0);
  expect((await bridge.call('savedSearches.list')).some((s) => s.name.includes(word))).toBe(false);
});

test('the empty saved searches list says how to make one', async ({ page }) => {
  const bridge = await nodeBridge();
  test.skip((await bridge.call('savedSearches.list')).length > 0, 'another test left a saved search');
  const app = await LibraryWindow.open(page);
  await expect(app.sidebar.getByText('Save a search with +')).toBeVisible();
});
