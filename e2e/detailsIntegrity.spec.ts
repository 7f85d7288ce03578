// An edit typed into one document's details is saved to that document only, however the
// edit is committed: a click on another row, a drag started from another row, a switch of
// tab, or the window losing focus. Real mouse and keyboard; the core is read directly.
import { expect, test, type Page } from '@playwright/test';
import { LibraryWindow } from './app.ts';
import { nodeBridge } from './nodeBridge.ts';

async function twoDocuments(app: LibraryWindow): Promise<{ word: string; first: string; second: string }> {
  const word = `integrity${Math.random().toString(36).slice(2, 8)}`;
  const first = `${word} estuary nutrient budget`;
  const second = `${word} lagoon nutrient budget`;
  await app.createDocument({ title: first });
  await app.createDocument({ title: second });
  // Both pushed first: the test is about which document an edit reaches, not about renames.
  const bridge = await nodeBridge();
  await expect.poll(async () => (await bridge.call('documents.search', { text: word })).items.filter((d) => !d.id.startsWith('local:')).length).toBe(2);
  await app.searchFor(word);
  await expect(app.rows()).toHaveCount(2);
  return { word, first, second };
}

/** Types a last name into the first author row of the shown document, without leaving the box. */
async function typeAuthor(app: LibraryWindow, title: string, lastName: string): Promise<void> {
  await app.row(title).click();
  await expect(app.field('Title')).toHaveValue(title);
  await app.details.getByRole('button', { name: '+ Add author' }).click();
  const box = app.details.getByLabel('Authors 1 last name');
  await box.click();
  await box.pressSequentially(lastName);
}

async function authorsOf(title: string): Promise<string[]> {
  const bridge = await nodeBridge();
  const found = (await bridge.call('documents.search', { text: title })).items.filter((d) => d.title === title);
  expect(found).toHaveLength(1);
  const doc = await bridge.call('documents.get', { id: found[0]!.id });
  return (doc.authors ?? []).map((a) => a.last_name);
}

async function expectOnlyFirstHas(first: string, second: string, name: string): Promise<void> {
  await expect.poll(() => authorsOf(first)).toEqual([name]);
  expect(await authorsOf(second)).toEqual([]);
}

async function dragFromRow(page: Page, app: LibraryWindow, title: string): Promise<void> {
  const box = (await app.row(title).boundingBox())!;
  await page.mouse.move(box.x + 60, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + box.height / 2 + 40, { steps: 5 });
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('a pending edit committed by clicking another row stays with its document', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const { first, second } = await twoDocuments(app);
  await typeAuthor(app, first, 'Okonkwo');
  await app.row(second).click();
  await expect(app.field('Title')).toHaveValue(second);
  await expectOnlyFirstHas(first, second, 'Okonkwo');
});

test('a pending edit committed while a drag starts on another row stays with its document', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const { first, second } = await twoDocuments(app);
  await typeAuthor(app, first, 'Delacroix');
  await dragFromRow(page, app, second);
  await app.row(second).click();
  await expect(app.field('Title')).toHaveValue(second);
  await app.field('Title').click();
  await expectOnlyFirstHas(first, second, 'Delacroix');
});

test('a pending edit committed by a tab switch or by the window losing focus stays with its document', async ({ page, context }) => {
  const app = await LibraryWindow.open(page);
  const { first, second } = await twoDocuments(app);
  await typeAuthor(app, first, 'Varga');
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await page.getByRole('tab', { name: 'Library' }).click();
  await expectOnlyFirstHas(first, second, 'Varga');

  await app.searchFor(first);
  await app.row(first).click();
  const box = app.details.getByLabel('Authors 1 last name');
  await box.fill('Varga-Nagy');
  // Another window takes the focus: this one's focused box loses it.
  const other = await context.newPage();
  await other.bringToFront();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => authorsOf(first)).toEqual(['Varga-Nagy']);
  expect(await authorsOf(second)).toEqual([]);
  await other.close();
});
