// First run: a fresh device (its own real core in browser mode, nothing seeded) opens on an
// empty library whose empty state shows the ways in (AA contrast in both themes), and each
// of its buttons does its job.
import { expect, test } from '@playwright/test';
import { LibraryWindow } from './app.ts';
import { contrastFailures } from './contrast.ts';
import { startDevice } from './devices.ts';
import type { BrowserModeProcess } from './browserModeProcess.ts';

let device: BrowserModeProcess | undefined;
test.afterAll(async () => { await device?.stop(); });

test('the empty library teaches dropping PDFs, importing a .bib or .ris and adding by identifier', async ({ page }) => {
  device = await startDevice();
  await page.goto(device.pageUrl);
  const app = new LibraryWindow(page);
  const empty = app.list.getByRole('status').filter({ hasText: 'Your library is empty' });
  await expect(empty).toBeVisible();
  await expect(empty).toContainText('Drop PDFs anywhere on this window');
  await app.shot('first-run-empty-library-light');
  expect(await contrastFailures(page)).toEqual([]);
  await app.setTheme('Dark');
  await app.shot('first-run-empty-library-dark');
  expect(await contrastFailures(page)).toEqual([]);
  await app.setTheme('Light');

  await empty.getByRole('button', { name: 'Add by identifier…' }).click();
  const identifier = page.getByRole('dialog', { name: 'Add by identifier' });
  await expect(identifier).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(identifier).toBeHidden();

  await empty.getByRole('button', { name: 'New document' }).click();
  await expect(page.getByRole('dialog', { name: 'New document' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Import opens the file chooser; the chosen .bib becomes the library's first document.
  const chooser = page.waitForEvent('filechooser');
  await empty.getByRole('button', { name: 'Import PDFs, .bib or .ris…' }).click();
  const bib = '@article{okapi2011, author = {Okapi, Ada}, title = {Okapi Stripes Revisited}, journal = {Journal of Forest Mammals}, year = 2011}';
  await (await chooser).setFiles({ name: 'okapi.bib', mimeType: 'application/x-bibtex', buffer: Buffer.from(bib) });
  await expect(app.row('Okapi Stripes Revisited')).toHaveCount(1, { timeout: 30_000 });
  await expect(empty).toBeHidden();
});
