// The Duplicates tab against the real core in browser mode: two references to one work
// (the same DOI, written differently) imported from a .bib appear as a set; the user keeps
// one as the master, takes the other's title, and merges; the library then holds one.
import { expect, test } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';
import { nodeBridge } from './nodeBridge.ts';

test('the Duplicates view merges two records of one work', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const word = unique('Quokka').replace(' ', '');
  const doi = `10.5555/${word.toLowerCase()}`;
  const bib = [
    `@article{a, author = {Marsupial, Mia}, title = {${word} habitats in the south-west}, journal = {Fauna}, year = 2020, doi = {${doi}}}`,
    `@article{b, author = {Marsupial, M.}, title = {${word} Habitats in the South-West of Australia}, year = 2020, doi = {https://doi.org/${doi.toUpperCase()}}}`,
  ].join('\n\n');
  await page.getByTestId('import-file-input').setInputFiles({ name: `${word}.bib`, mimeType: 'application/x-bibtex', buffer: Buffer.from(bib) });
  // The second entry has the first one's DOI: the import asks, and the user adds it anyway.
  const held = page.getByTestId('held-duplicates');
  await expect(held).toContainText(`${word} Habitats in the South-West of Australia`, { timeout: 15_000 });
  await held.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByTestId('import-panel').locator('.import-row', { hasText: `${word}.bib` })).toContainText('1 entry imported; 1 held as a likely duplicate. Added anyway.');

  // Both records pushed first, so the test does not depend on when the pushes rename them
  // (the view keeps its choices across a rename; mergeChoices.test.ts, duplicateIndex.test.ts).
  const bridge = await nodeBridge();
  await expect.poll(async () => (await bridge.call('documents.search', { text: word })).items.filter((d) => !d.id.startsWith('local:')).length).toBe(2);
  await page.getByRole('tab', { name: 'Duplicates' }).click();
  const set = page.locator('.duplicate-set', { hasText: `${word} habitats in the south-west` });
  await expect(set).toContainText('Same DOI');
  await expect(set.getByRole('row')).toHaveCount(3);
  const master = set.getByLabel(`Keep “${word} habitats in the south-west” as the master`);
  await master.check();
  await set.getByLabel('Title').selectOption({ label: `${word} Habitats in the South-West of Australia` });
  await expect(master).toBeChecked();
  await expect(set.getByLabel('Title').locator('option:checked')).toHaveText(`${word} Habitats in the South-West of Australia`);
  await set.getByRole('button', { name: 'Merge 2 documents' }).click();
  await expect(page.locator('.duplicates-view .outcome[role="status"]')).toHaveText(`Merged 1 duplicate into “${word} Habitats in the South-West of Australia”.`);
  await expect(page.locator('.duplicate-set', { hasText: word })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Library' }).click();
  await app.searchFor(word);
  await expect(app.rows()).toHaveCount(1);
  await expect(app.row(`${word} Habitats in the South-West of Australia`)).toHaveCount(1);
});
