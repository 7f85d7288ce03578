// Warned before adding a duplicate, in browser mode against the real core: a .ris with a work
// a .bib already brought is held and merged into the existing document on the user's word;
// the same DOI added by identifier is held and skipped. The library keeps one document.
import { expect, test } from '@playwright/test';
import { LibraryWindow, SCREENSHOTS, unique } from './app.ts';

test('an import asks before adding a likely duplicate: merge into the existing one, or skip', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const word = unique('Wombat').replace(' ', '');
  const doi = `10.5555/${word.toLowerCase()}.burrows`;
  const title = `${word} burrows and soil turnover`;
  const bib = `@article{w, author = {Digger, Dana and Loam, Lee}, title = {${title}}, journal = {Soil Fauna}, year = 2019}`;
  await page.getByTestId('import-file-input').setInputFiles({ name: `${word}.bib`, mimeType: 'application/x-bibtex', buffer: Buffer.from(bib) });
  const panel = page.getByTestId('import-panel');
  await expect(panel.locator('.import-row', { hasText: `${word}.bib` })).toContainText('1 entry imported', { timeout: 15_000 });

  // The same work from a .ris (title in other case, the DOI the .bib lacked) and a new one.
  const ris = [
    `TY  - JOUR\nAU  - Digger, D.\nTI  - ${word} Burrows and Soil Turnover\nPY  - 2019\nDO  - ${doi}\nER  - `,
    `TY  - JOUR\nAU  - Digger, D.\nTI  - ${word} diets in winter\nPY  - 2021\nER  - `,
  ].join('\n\n');
  await page.getByTestId('import-file-input').setInputFiles({ name: `${word}.ris`, mimeType: 'application/x-research-info-systems', buffer: Buffer.from(ris) });
  const held = page.getByTestId('held-duplicates');
  await expect(held.getByRole('heading')).toHaveText('This looks like a document already in your library', { timeout: 15_000 });
  await expect(held).toContainText(`${word} Burrows and Soil Turnover looks like “${title}” (Digger, 2019): same title, first author and year.`);
  await page.screenshot({ path: `${SCREENSHOTS}/import-duplicate-warning.png`, animations: 'disabled', caret: 'hide' });
  await held.getByRole('button', { name: 'Merge into existing' }).click();
  await expect(held).toBeHidden();
  await expect(panel.locator('.import-row', { hasText: `${word}.ris` })).toContainText('1 entry imported; 1 held as a likely duplicate. Merged into the existing document.');

  await app.searchFor(word);
  await expect(app.rows()).toHaveCount(2);
  await expect(app.row(title)).toHaveCount(1);
  await app.clearSearch();

  // The merged document took the .ris's DOI: adding that DOI now is held too, and skipped.
  await page.getByRole('button', { name: 'More import and export' }).click();
  await page.getByRole('menuitem', { name: 'Add by identifier…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add by identifier' });
  await dialog.getByLabel('Identifier').fill(`https://doi.org/${doi}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(held).toContainText(`looks like “${title}” (Digger, 2019): same DOI.`);
  await held.getByRole('button', { name: 'Skip' }).click();
  await expect(held).toBeHidden();
  await expect(panel.locator('.import-row', { hasText: `DOI ${doi}` })).toHaveAttribute('data-status', 'duplicate');
  await app.searchFor(word);
  await expect(app.rows()).toHaveCount(2);
});
