// Field checks in the details pane: identifiers are checked by their own rules as they are
// typed, and a value the pane cannot store says so instead of vanishing.
import { expect, test } from '@playwright/test';
import { LibraryWindow, SCREENSHOTS, unique } from './app.ts';
import { nodeBridge } from './nodeBridge.ts';

test('identifiers are checked as they are typed, stored in their bare form once valid', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const title = unique('Checked identifiers of a lagoon survey');
  await app.createDocument({ title });
  await app.selectOnly(title);

  const identifiers = app.details.getByRole('group', { name: 'Identifiers' });
  const isbn = identifiers.getByLabel('ISBN', { exact: true });
  await isbn.fill('978-3-16-148410-1');
  await expect(identifiers.getByRole('alert')).toHaveText('The ISBN\'s check digit does not match: one of its digits is probably mistyped.');
  await isbn.fill('978-3-16-148410-0');
  await expect(identifiers.getByRole('alert')).toHaveCount(0);

  const doi = identifiers.getByLabel('DOI', { exact: true });
  await doi.fill('nature12373');
  await expect(identifiers.getByRole('alert')).toContainText('The DOI is not valid');
  await expect(doi).toHaveAttribute('aria-invalid', 'true');
  await identifiers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/identifier-check-light.png` });
  await doi.fill('https://doi.org/10.1038/nature12373');
  await expect(identifiers.getByRole('alert')).toHaveCount(0);
  await doi.press('Tab');
  await app.field('Year').focus(); // leaves the identifiers box: it saves

  const bridge = await nodeBridge();
  const id = (await bridge.call('documents.search', { text: title })).items[0]!.id;
  await expect.poll(async () => (await bridge.call('documents.get', { id })).identifiers ?? {}).toEqual({ doi: '10.1038/nature12373', isbn: '978-3-16-148410-0' });

  // A year the pane cannot store is named, not dropped.
  await app.field('Year').fill('20l9');
  await app.field('Year').press('Tab');
  await expect(app.details.getByRole('alert')).toHaveText('Year must be a whole number');
});

test('typing a tag offers the library\'s existing tags, chosen by keyboard or mouse', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const suffix = Math.random().toString(36).slice(2, 8);
  const tag = `statistics${suffix}`;
  const first = unique('Tagged estuary model');
  const second = unique('Untagged estuary model');
  await app.createDocument({ title: first });
  const tagBox = app.details.getByRole('combobox', { name: 'Tags' });
  await tagBox.fill(tag);
  await tagBox.press('Enter');
  await expect(app.details.locator('.chip', { hasText: tag })).toBeVisible();
  await expect(app.sidebar.getByText(tag, { exact: true })).toBeVisible();

  await app.createDocument({ title: second });
  // Typed after the push has given the document its service id: the pane then stays put.
  const bridge = await nodeBridge();
  await expect.poll(async () => (await bridge.call('documents.search', { text: second })).items.filter((d) => !d.id.startsWith('local:')).length).toBe(1);
  await tagBox.fill(`STATISTICS${suffix.slice(0, 2)}`);
  const offered = app.details.getByRole('listbox', { name: 'Existing tags' });
  await expect(offered.getByRole('option')).toHaveText([tag]);
  await app.shot('tag-suggestions-light');
  await tagBox.press('ArrowDown');
  await expect(offered.getByRole('option', { name: tag })).toHaveAttribute('aria-selected', 'true');
  await tagBox.press('Enter');
  await expect(app.details.locator('.chip', { hasText: tag })).toBeVisible();
  await expect(tagBox).toHaveValue('');
  await expect(offered).toHaveCount(0);

  const id = (await bridge.call('documents.search', { text: second })).items[0]!.id;
  await expect.poll(async () => (await bridge.call('documents.get', { id })).tags ?? []).toEqual([tag]);
});
