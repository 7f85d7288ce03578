// Screenshots of saved searches and related items at 1440x900 and 1024x700, light and dark,
// into artifacts/screenshots/organise-<theme>-<size>.png (and the picker open), to be looked at.
import { expect, test } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';
import { contrastFailures } from './contrast.ts';
import { nodeBridge } from './nodeBridge.ts';

test('saved searches and related items in both themes at 1440x900 and 1024x700', async ({ page }) => {
  // Eight screens, each with an axe-core pass: a wider bound than one screen's, not a delay.
  test.setTimeout(360_000);
  const bridge = await nodeBridge();
  const word = unique('Heron').split(' ')[1]!;
  const a = await bridge.call('documents.create', { title: `Grey heron ${word} colony dynamics over two decades`, type: 'journal', year: 2008 });
  const b = await bridge.call('documents.create', { title: `Heron ${word} foraging on tidal flats`, type: 'journal', year: 2012 });
  const c = await bridge.call('documents.create', { title: `Wading birds ${word} and estuary management`, type: 'book', year: 2015 });
  // Not related, and older than the saved search's years: only the picker offers it.
  await bridge.call('documents.create', { title: `Herons and egrets ${word} of the Camargue`, type: 'book', year: 1998 });
  await bridge.call('relations.add', { documentId: a.id, relatedId: b.id });
  await bridge.call('relations.add', { documentId: a.id, relatedId: c.id });
  const search = await bridge.call('savedSearches.save', { name: `Herons since 2005 ${word}`, criteria: { collection: { kind: 'all' }, text: word, filters: { yearFrom: 2005 } } });

  const app = await LibraryWindow.open(page);
  const item = app.sidebar.getByRole('treeitem', { name: search.name });
  try {
    for (const theme of ['Light', 'Dark'] as const) {
      await app.setTheme(theme);
      for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
        await page.setViewportSize({ width, height });
        await item.click();
        await expect(app.rows()).toHaveCount(3);
        await app.row(a.title).click();
        const related = app.details.getByRole('list', { name: 'Related documents' });
        await expect(related.getByRole('listitem')).toHaveCount(2);
        await app.details.getByRole('heading', { name: 'Related' }).scrollIntoViewIfNeeded();
        const name = `organise-${theme.toLowerCase()}-${width}x${height}`;
        await app.shot(name);
        expect(await contrastFailures(page), `${name}: WCAG AA contrast`).toEqual([]);
        await app.details.getByRole('button', { name: 'Add related…' }).click();
        await app.details.getByRole('combobox', { name: 'Find a document to relate' }).fill(word);
        await expect(app.details.getByRole('listbox', { name: 'Documents to relate' }).getByRole('option').first()).toBeVisible();
        await app.shot(`${name}-picker`);
        expect(await contrastFailures(page), `${name}-picker: WCAG AA contrast`).toEqual([]);
        await app.details.getByRole('combobox', { name: 'Find a document to relate' }).press('Escape');
      }
    }
  } finally {
    await app.setTheme('System');
    await bridge.call('savedSearches.delete', { id: search.id });
  }
});
