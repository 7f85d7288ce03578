// "Retrieve metadata" in the library window, against the real core and embedded service in
// browser mode: a reference whose DOI the catalog knows, imported with a title of its own,
// shows the catalog's values beside the current ones; the user keeps one change out and
// applies the rest.
import { expect, test } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';

test('Retrieve metadata previews the changes, then applies the ticked ones', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const title = unique('Presidential notes');
  const bib = `@article{pres, title = {${title}}, doi = {10.27397/tb/41-3/tb129pres}}`;
  await page.getByTestId('import-file-input').setInputFiles({ name: 'pres.bib', mimeType: 'application/x-bibtex', buffer: Buffer.from(bib) });
  await expect(page.getByTestId('import-panel').locator('.import-row', { hasText: 'pres.bib' })).toContainText('1 entry imported', { timeout: 15_000 });

  await app.selectOnly(title);
  await app.row(title).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Retrieve metadata…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retrieve metadata' });
  const titleRow = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Title', exact: true }) });
  await expect(titleRow).toContainText(title, { timeout: 15_000 });
  await expect(titleRow).toContainText('From the president');
  const yearRow = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Year', exact: true }) });
  await expect(yearRow).toContainText('2020');
  await yearRow.getByRole('checkbox').uncheck();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Updated 1 document.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The ticked title was applied; the unticked year was not.
  await app.selectOnly('From the president');
  await expect(app.field('Year')).toHaveValue('');
});
