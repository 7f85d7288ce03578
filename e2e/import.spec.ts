// Import and export in the library window, against the real core in browser mode: PDFs
// dropped with a real drop event (File objects in a DataTransfer, staged to the core as
// bytes), a .bib chosen in the file input, export of a selection, a citation, and an
// identifier. Screenshots of the import panel in light and dark.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LibraryWindow } from './app.ts';
import { dropFiles, freshPdf } from './dropFiles.ts';

test('PDFs dropped on the window are imported with their metadata; bad files say why', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await page.emulateMedia({ colorScheme: 'light' });
  // Other tests may hold this paper already (the catalog's "add to library" brings its PDF).
  await app.searchFor('Approximating the Cox Model');
  const coxBefore = await app.row('Approximating the Cox Model').count();
  await app.clearSearch();
  const actuar = freshPdf('actuar-intro.pdf');
  await dropFiles(page, [
    { name: 'survival-approximate.pdf', bytes: freshPdf('survival-approximate.pdf'), type: 'application/pdf' },
    { name: 'rcpp-extending.pdf', bytes: freshPdf('rcpp-extending.pdf'), type: 'application/pdf' },
    { name: 'actuar-intro.pdf', bytes: actuar, type: 'application/pdf' },
    { name: 'notes.pdf', bytes: Buffer.from('just some text, not a PDF'), type: 'application/pdf' },
  ]);
  // The library holds the reader's copy of the Rcpp paper (and maybe the Cox paper): asked
  // before adding them, the user adds them anyway.
  const held = page.getByTestId('held-duplicates');
  await expect(held).toContainText('Rcpp Extending', { timeout: 90_000 });
  await held.getByRole('button', { name: /^Add (all )?anyway$/ }).click();
  await expect(held).toBeHidden();
  const panel = page.getByTestId('import-panel');
  await expect(panel.getByRole('status')).toHaveText('Import finished: 3 of 4 in your library, 1 not imported', { timeout: 30_000 });
  await expect(panel.locator('[data-status="failed"]')).toContainText('This file is not a PDF; nothing was imported.');
  await expect(panel.locator('[data-status="imported"]')).toHaveCount(3);

  // The titles come from the PDFs, not from the file names.
  await app.searchFor('Approximating the Cox Model');
  await expect(app.row('Approximating the Cox Model')).toHaveCount(coxBefore + 1);
  for (const authors of await app.row('Approximating the Cox Model').locator('.cell-authors').all()) await expect(authors).toContainText('Zhong');
  await app.clearSearch();
  await app.shot('import-panel-light');

  // The same file again is one document, and the panel says so.
  await app.searchFor('Introduction to actuar');
  const before = await app.rows().count();
  await app.clearSearch();
  await dropFiles(page, [{ name: 'again.pdf', bytes: actuar, type: 'application/pdf' }]);
  await expect(panel.locator('[data-status="duplicate"]')).toContainText('Already in your library.');
  await app.searchFor('Introduction to actuar');
  await expect(app.rows()).toHaveCount(before);
  await app.clearSearch();

  await page.emulateMedia({ colorScheme: 'dark' });
  await app.setTheme('Dark');
  await app.shot('import-panel-dark');
  await app.setTheme('System');
});

test('a .bib file is imported, broken entries reported by line; a selection exports to BibTeX and is cited', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const app = await LibraryWindow.open(page);
  const bib = [
    '@article{okapi2011, author = {Okapi, Ada and Bongo, Ben}, title = {Okapi Stripes Revisited}, journal = {Journal of Forest Mammals}, year = 2011, volume = 4, pages = {10--19}, doi = {10.5555/okapi.2011}}',
    '',
    '@article{broken, title = {Never closed, year = 2000,',
  ].join('\n');
  await page.getByTestId('import-file-input').setInputFiles({ name: 'okapi.bib', mimeType: 'application/x-bibtex', buffer: Buffer.from(bib) });
  const panel = page.getByTestId('import-panel');
  const row = panel.locator('.import-row', { hasText: 'okapi.bib' });
  await expect(row).toHaveAttribute('data-status', 'warning', { timeout: 30_000 });
  await expect(row).toContainText('1 entry imported');
  await expect(row.locator('.import-problems')).toContainText('Line 3');

  await app.selectOnly('Okapi Stripes Revisited');
  await app.row('Okapi Stripes Revisited').click({ button: 'right' });
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as BibTeX…' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('selection.bib');
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('@article{');
  expect(text).toContain('Okapi Stripes Revisited');
  expect(text).toContain('10.5555/okapi.2011');

  await app.row('Okapi Stripes Revisited').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Copy citation' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('Okapi, A., & Bongo, B. (2011). Okapi Stripes Revisited. Journal of Forest Mammals, 4, 10–19. https://doi.org/10.5555/okapi.2011');
});

test('add by identifier refuses what is none and keeps an unknown DOI as a document', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await page.getByRole('button', { name: 'More import and export' }).click();
  await page.getByRole('menuitem', { name: 'Add by identifier…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add by identifier' });
  await dialog.getByLabel('Identifier').fill('not an identifier');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not a DOI, arXiv id or ISBN');
  await dialog.getByLabel('Identifier').fill('doi:10.5555/unknown.2024.7');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('import-panel').locator('.import-row', { hasText: 'DOI 10.5555/unknown.2024.7' })).toContainText('does not know this identifier');
  await app.searchFor('10.5555/unknown.2024.7');
  await expect(app.rows()).toHaveCount(1);
});
