// The catalog and datasets views against the real core in browser mode and its embedded
// service (which loads the sample catalog and its open-access shelf on first start):
// search, add to the library (with the open-access PDF, once per record);
// a dataset draft from creation through files, checks and field errors to two versions.
import { expect, test, type Page } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';

async function openView(page: Page, name: 'Catalog' | 'Datasets' | 'Library') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('searches the catalog, opens a result with its readers and adds it to the library', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await openView(page, 'Catalog');
  await expect(page.getByText('Search the catalog', { exact: true })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search the catalog' });
  await box.fill('typography');
  await box.press('Enter');
  const results = page.getByRole('list', { name: 'Catalog results' }).getByRole('button');
  await expect(results.first()).toBeVisible();
  await expect(page.locator('.catalog-count')).toContainText('documents');

  // Keyboard: the arrow keys move between results, Enter opens one.
  await results.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByRole('article', { name: 'Catalog document' });
  await expect(details.getByRole('figure', { name: 'By discipline' })).toBeVisible();
  const title = (await details.getByRole('heading', { level: 2 }).textContent())!;
  expect(title.length).toBeGreaterThan(3);
  await app.shot('catalog-light');

  await details.getByRole('button', { name: 'Add to library' }).click();
  await expect(details.getByRole('status')).toHaveText(/Added to your library/);
  await details.getByRole('button', { name: 'Show in library' }).click();
  await expect(page.getByRole('tab', { name: 'Library' })).toHaveAttribute('aria-selected', 'true');
  // Selected and scrolled to in the whole list, with no search to type.
  await expect(app.row(title).first()).toHaveAttribute('aria-selected', 'true');
  await expect(app.row(title).first()).toBeInViewport();
  await expect(app.field('Title')).toHaveValue(title);

  // Back in the catalog the search is as it was left; once the sync has taken the new
  // document to the service, the catalog counts its owner as a reader.
  await openView(page, 'Catalog');
  await expect(results.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(async () => {
    await results.nth(1).click();
    await expect(details.locator('.catalog-reader-total')).toContainText('1 reader', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(results.nth(1)).toContainText('1 reader');
  await app.shot('catalog-reader-light');

  // An advanced search with a year range that cannot match says what to try instead.
  await openView(page, 'Catalog');
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByLabel('Title', { exact: true }).fill('typography');
  await page.getByLabel('From year').fill('2999');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Nothing matches')).toBeVisible();
  await page.getByLabel('To year').fill('2000');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The year range ends before it starts');
});

test('adds an open-access record with its PDF; adding it again says it is already there', async ({ page }) => {
  const title = 'Approximating the Cox Model'; // the sample open-access shelf's record with a PDF
  const findIt = async () => {
    await openView(page, 'Catalog');
    const box = page.getByRole('searchbox', { name: 'Search the catalog' });
    await box.fill(title);
    const openAccessOnly = page.getByLabel('Open access only');
    if (!(await openAccessOnly.isChecked())) await openAccessOnly.check();
    await box.press('Enter');
    const hit = page.getByRole('list', { name: 'Catalog results' }).getByRole('button').filter({ hasText: title }).first();
    await expect(hit).toContainText('PDF');
    await hit.click();
    const details = page.getByRole('article', { name: 'Catalog document' });
    await expect(details.getByRole('heading', { level: 2 })).toHaveText(title);
    return { hit, details };
  };

  const app = await LibraryWindow.open(page);
  const first = await findIt();
  await expect(first.hit).not.toContainText('In your library');
  await first.details.getByRole('button', { name: 'Add to library' }).click();
  await expect(first.details.getByRole('status')).toHaveText('Added to your library with its PDF');
  await expect(first.hit).toContainText('In your library');
  await app.shot('catalog-added-pdf-light');
  await first.details.getByRole('button', { name: 'Show in library' }).click();
  await expect(page.getByRole('tab', { name: 'Library' })).toHaveAttribute('aria-selected', 'true');
  await app.selectOnly(title);
  await expect(app.row(title).getByLabel('Has a file')).toBeVisible();
  await expect(app.details.getByRole('button', { name: 'Open PDF' })).toBeVisible();

  // A fresh window knows nothing of that add; the core does: the result is marked, and
  // adding it again answers the document the library holds instead of a second one.
  await page.reload();
  await expect(app.rows().first()).toBeVisible();
  const again = await findIt();
  await expect(again.hit).toContainText('In your library');
  // A result the library holds offers "Show in library" before any add.
  await again.details.getByRole('button', { name: 'Show in library' }).click();
  await expect(app.row(title).first()).toHaveAttribute('aria-selected', 'true');
  await expect(app.row(title).first()).toBeInViewport();
  await openView(page, 'Catalog');
  await again.details.getByRole('button', { name: 'Add to library' }).click();
  await expect(again.details.getByRole('status')).toHaveText('Already in your library');
  await again.details.getByRole('button', { name: 'Show in library' }).click();
  await app.selectOnly(title);
  await expect(app.row(title).getByLabel('Has a file')).toBeVisible();
});

/** Drops files on the drop zone the way a browser does: a drop event carrying File objects. */
async function dropFiles(page: Page, files: { name: string; text: string; type: string }[]) {
  await page.getByTestId('dataset-drop-zone').evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([f.text], f.name, { type: f.type }));
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

test('a dataset draft: two files, the checks and the service errors, two published versions with DOIs', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await openView(page, 'Datasets');
  const name = unique('Ink densities');
  await page.getByLabel('New dataset name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('article', { name: 'Dataset draft' });
  await expect(editor.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Drafts' })).toContainText(name);

  // The drop zone shows only while files are dragged over the window, inside the Files section.
  const zone = page.getByTestId('dataset-drop-zone');
  await expect(zone).not.toHaveClass(/dragging/);
  await expect(zone.getByRole('button', { name: 'Add files…' })).toBeVisible();
  const fileDrag = (type: 'dragenter' | 'dragleave') => page.evaluate((kind) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'x.csv', { type: 'text/csv' }));
    document.body.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, type);
  await fileDrag('dragenter');
  await expect(zone).toHaveClass(/dragging/);
  await expect(zone).toContainText('Drop the files here');
  const zoneBox = (await zone.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(zoneBox.width).toBeLessThan(viewport.width * 0.9);
  expect(zoneBox.height).toBeLessThan(viewport.height / 4);
  await app.shot('dataset-drop-light');
  await fileDrag('dragleave');
  await expect(zone).not.toHaveClass(/dragging/);

  // One file by drop, one through the picker.
  await dropFiles(page, [{ name: 'densities.csv', text: 'sample,density\n1,0.41\n2,0.73\n', type: 'text/csv' }]);
  const files = editor.getByRole('list', { name: 'Files' });
  await expect(files).toContainText('densities.csv');
  // An edit in progress survives the draft changing under it when the next upload lands.
  await editor.getByRole('button', { name: 'Add contributor' }).click();
  await editor.getByLabel('Contributor 1 last name').fill('Lovelace');
  await page.getByLabel('Choose files to upload').setInputFiles({ name: 'readme.txt', mimeType: 'text/plain', buffer: Buffer.from('How the densities were measured.') });
  await expect(files).toContainText('readme.txt');
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(editor.getByLabel('Contributor 1 last name')).toHaveValue('Lovelace');
  // Another tab and back: the same draft is open, with the edit not saved yet.
  await openView(page, 'Library');
  await openView(page, 'Datasets');
  await expect(editor.getByRole('heading', { name })).toBeVisible();
  await expect(editor.getByLabel('Contributor 1 last name')).toHaveValue('Lovelace');

  // The checks say what is missing before publishing; the service says it too when asked.
  const problems = editor.getByRole('status', { name: 'Before publishing' });
  await expect(problems).toContainText('Add a description');
  await expect(problems).toContainText('Choose at least one category');
  // Publishing asks first, naming the version and the DOI it keeps for good.
  const confirmPublish = async (version: number) => {
    await editor.getByRole('button', { name: `Publish version ${version}` }).click();
    const asked = page.getByRole('dialog', { name: `Publish version ${version}?` });
    await expect(asked).toContainText(/with the DOI 10\.\d+\//);
    await expect(asked).toContainText('cannot be changed or withdrawn');
    if (version === 2) await app.shot('dataset-publish-confirm-light');
    await asked.getByRole('button', { name: `Publish version ${version}` }).click();
    await expect(asked).toHaveCount(0);
  };
  await editor.getByRole('button', { name: 'Publish version 1' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(editor.locator('.publish-notice')).toHaveCount(0);
  await confirmPublish(1);
  const refused = editor.getByRole('alert', { name: 'The service refused to publish' });
  await expect(refused).toContainText('description');
  await expect(refused).toContainText('categories');
  await app.shot('dataset-errors-light');

  // Fix it and publish: each of the service's errors goes once its field is fixed.
  await editor.getByLabel('Description').fill('Optical densities of letterpress inks, measured on three papers.');
  await expect(refused).not.toContainText('description');
  await expect(refused).toContainText('categories');
  await editor.getByLabel('Natural Sciences').check();
  await expect(refused).toHaveCount(0);
  await editor.getByLabel('Licence').selectOption({ index: 1 });
  await editor.getByRole('button', { name: 'Add article' }).click();
  await editor.getByLabel('Article 1 DOI').fill('10.1234/inks.2026');
  await expect(problems).toHaveCount(0);
  await confirmPublish(1);
  await expect(editor.locator('.publish-notice')).toContainText('Published version 1 with DOI');
  const versions = editor.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row', { name: /Version 1/ })).toContainText(/10\.\d+\//);
  await expect(refused).toHaveCount(0);

  await confirmPublish(2);
  await expect(editor.locator('.publish-notice')).toContainText('Published version 2');
  await expect(versions.getByRole('row', { name: /Version 2/ })).toContainText(/10\.\d+\//);
  const dois = await versions.locator('td.doi').allTextContents();
  expect(new Set(dois).size).toBe(2);
  await expect(page.getByRole('list', { name: 'Published datasets' })).toContainText(name);

  await editor.getByRole('button', { name: 'Copy access link' }).click();
  await expect(editor.getByLabel('Access link')).toHaveValue(/access_code=/);
  await app.shot('datasets-light');

  await app.setTheme('Dark');
  await app.shot('datasets-dark');
  await openView(page, 'Catalog');
  const box = page.getByRole('searchbox', { name: 'Search the catalog' });
  await box.fill('printing history');
  await box.press('Enter');
  await page.getByRole('list', { name: 'Catalog results' }).getByRole('button').first().click();
  await expect(page.getByRole('article', { name: 'Catalog document' })).toBeVisible();
  await app.shot('catalog-dark');
  await app.setTheme('Light');
});

test('a draft is deleted only after confirming, and leaves the list', async ({ page }) => {
  await LibraryWindow.open(page);
  await openView(page, 'Datasets');
  const name = unique('Scratch dataset');
  await page.getByLabel('New dataset name').fill(name);
  await page.getByLabel('New dataset name').press('Enter');
  const editor = page.getByRole('article', { name: 'Dataset draft' });
  await expect(editor.getByRole('heading', { name })).toBeVisible();
  await editor.getByRole('button', { name: 'Delete draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Drafts' })).toContainText(name);
  await editor.getByRole('button', { name: 'Delete draft' }).click();
  await dialog.getByRole('button', { name: 'Delete draft' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Datasets' })).not.toContainText(name);
});
