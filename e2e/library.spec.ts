// The library window against the real core in browser mode: every action goes through the
// bridge to the replica (and on to the embedded service by sync).
import { expect, test } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';

test('a document added by hand appears in the list and the details pane', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const title = unique('Zebrafish fin regeneration');
  await app.createDocument({ title, authors: 'Curie, Marie; Albert Einstein', year: '2020', type: 'Book' });
  await expect(app.details.getByLabel('Authors 1 last name')).toHaveValue('Curie');
  await expect(app.details.getByLabel('Authors 2 first name')).toHaveValue('Albert');
  // A book shows its publisher and edition.
  await expect(app.field('Publisher')).toBeVisible();
  await expect(app.field('Edition')).toBeVisible();
  await app.searchFor(title);
  await expect(app.row(title)).toHaveCount(1);
  await expect(app.row(title).locator('.cell-year')).toHaveText('2020');
  await expect(app.row(title).locator('.cell-authors')).toHaveText('Curie and Einstein');

  // Authors are an editable list: removing one saves at once.
  await app.row(title).click();
  await app.details.getByRole('button', { name: 'Remove author 2' }).click();
  await expect(app.row(title).locator('.cell-authors')).toHaveText('Curie');
});

test('the new document dialog refuses a title over 500 characters', async ({ page }) => {
  await LibraryWindow.open(page);
  await page.keyboard.press('ControlOrMeta+n');
  const dialog = page.getByRole('dialog', { name: 'New document' });
  await dialog.getByLabel('Title').fill('x'.repeat(501));
  await dialog.getByRole('button', { name: 'Add document' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Title is too long: at most 500 characters');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('fields validate as you type with the shared bounds and save on blur', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const title = unique('Tidal energy survey');
  await app.createDocument({ title });

  const titleInput = app.field('Title');
  await titleInput.fill('t'.repeat(501));
  await expect(app.details.getByRole('alert')).toHaveText('Title is too long: at most 500 characters (now 501)');
  await expect(titleInput).toHaveAttribute('aria-invalid', 'true');
  const fixed = `${title} (revised)`;
  await titleInput.fill(fixed);
  await expect(app.details.getByRole('alert')).toHaveCount(0);
  await titleInput.press('Tab');

  const month = app.field('Month');
  await month.fill('13');
  await expect(app.details.getByRole('alert')).toHaveText('Month must be at most 12');
  await month.fill('5');
  await expect(app.details.getByRole('alert')).toHaveCount(0);
  await month.press('Tab');

  // Saved in the replica: a fresh window reads the values back through the bridge.
  await page.reload();
  const again = new LibraryWindow(page);
  await again.selectOnly(fixed);
  await expect(again.field('Month')).toHaveValue('5');
});

test('tags are chips and the starred toggle saves at once', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await app.selectOnly('A Mathematical Theory of Communication');
  const tags = app.field('Tags');
  await tags.fill('information theory');
  await tags.press('Enter');
  await expect(app.details.getByRole('button', { name: 'Remove tag information theory' })).toBeVisible();
  await app.details.getByRole('button', { name: 'Starred' }).click();
  await expect(app.details.getByRole('button', { name: 'Starred' })).toHaveAttribute('aria-pressed', 'true');
  await app.clearSearch();
  await app.collection('Favourites').click();
  await expect(app.row('A Mathematical Theory of Communication')).toHaveCount(1);
});

test('search finds documents as you type and highlights the words', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await app.search.pressSequentially('watso', { delay: 30 });
  await expect(app.rows()).toHaveCount(1);
  const row = app.row('Molecular Structure of Nucleic Acids');
  await expect(row.locator('mark')).toHaveText('Watso');
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 found');
  await app.search.fill('qqqzzznotthere');
  await expect(page.getByText('Nothing matches “qqqzzznotthere”')).toBeVisible();
});

test('filters narrow the list by year range, type and unread', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Type').selectOption({ label: 'Patent' });
  await expect(app.rows()).toHaveCount(1);
  await expect(app.row('Method for node ranking in a linked database')).toHaveCount(1);
  await filters.getByLabel('Type').selectOption({ label: 'Any' });
  await filters.getByLabel('Year from').fill('1940');
  await filters.getByLabel('to', { exact: true }).fill('1955');
  await filters.getByLabel('to', { exact: true }).press('Enter');
  await filters.getByLabel('Year from').press('Enter');
  // Shannon 1948, Turing 1950, Watson and Crick 1953.
  await expect(app.rows()).toHaveCount(3);
  await expect(app.row('A Mathematical Theory of Communication')).toHaveCount(1);
  await filters.getByLabel('Unread only').check();
  await expect(app.rows()).toHaveCount(2);
  await expect(app.row('Molecular Structure of Nucleic Acids')).toHaveCount(0);
  await filters.getByRole('button', { name: 'Clear' }).click();
  await expect(app.status).toContainText(/1\d\d documents/);
});

test('a folder is created, takes a dragged document, and can be renamed and deleted', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const folder = unique('Reading group');
  await app.sidebar.getByRole('button', { name: 'New folder' }).click();
  const nameInput = app.sidebar.getByLabel('Folder name');
  await nameInput.fill(folder);
  await nameInput.press('Enter');
  await expect(app.collection(folder)).toBeVisible();

  await app.searchFor('Gödel Escher');
  const row = app.row('Gödel, Escher, Bach');
  await row.dragTo(app.collection(folder));
  await expect(page.getByRole('status').filter({ hasText: 'added to the folder' })).toBeVisible();
  await app.clearSearch();
  await app.collection(folder).click();
  await expect(app.rows()).toHaveCount(1);
  await expect(app.row('Gödel, Escher, Bach')).toHaveCount(1);

  // Nest a subfolder through the folder's menu.
  await app.collection(folder).click({ button: 'right' });
  // The name box takes the keys at once, its placeholder name selected: typing replaces it.
  await page.getByRole('menuitem', { name: 'New subfolder' }).click();
  await expect(app.sidebar.getByLabel('Subfolder name')).toBeFocused();
  await page.keyboard.type('Week 1');
  await expect(app.sidebar.getByLabel('Subfolder name')).toHaveValue('Week 1');
  await page.keyboard.press('Enter');
  await expect(app.collection('Week 1')).toHaveAttribute('aria-level', '2');
  // Rename from the menu focuses its name box the same way; Escape keeps the name.
  await app.collection('Week 1').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(app.sidebar.getByLabel('Folder name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.collection('Week 1')).toBeVisible();

  await app.collection(folder).dblclick();
  const renamed = `${folder} (renamed)`;
  await app.sidebar.getByLabel('Folder name').fill(renamed);
  await app.sidebar.getByLabel('Folder name').press('Enter');
  await expect(app.collection(renamed)).toBeVisible();

  await app.collection(renamed).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete folder…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
  await expect(app.collection(renamed)).toHaveCount(0);
  await expect(app.collection('Week 1')).toHaveCount(0);
});

test('documents move to the trash, come back, and the trash empties after confirmation', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const keep = unique('Trash and restore');
  const gone = unique('Deleted for good');
  await app.createDocument({ title: keep });
  await app.createDocument({ title: gone });

  for (const title of [keep, gone]) {
    await app.selectOnly(title);
    await app.list.focus();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('status').filter({ hasText: 'moved to the trash' })).toBeVisible();
    await expect(app.rows()).toHaveCount(0);
  }
  await app.clearSearch();
  await app.collection('Trash').click();
  await expect(app.row(keep)).toHaveCount(1);
  await app.row(keep).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(app.row(keep)).toHaveCount(0);
  await expect(app.row(gone)).toHaveCount(1);

  await page.getByRole('button', { name: 'Empty trash…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Empty the trash?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Empty trash' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();

  await app.collection('My Library').click();
  await app.searchFor(keep);
  await expect(app.row(keep)).toHaveCount(1);
});

test('deleting from the trash for good asks first; Cancel keeps the document', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const title = unique('Asked before deleting');
  await app.createDocument({ title });
  await app.selectOnly(title);
  await app.list.focus();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('status').filter({ hasText: 'moved to the trash' })).toBeVisible();
  await app.clearSearch();
  await app.collection('Trash').click();
  await app.searchFor(title);

  // The key asks, naming how many; Cancel has the focus, so Enter keeps the document.
  await app.selectOnly(title);
  await app.list.focus();
  await page.keyboard.press('Delete');
  const asked = page.getByRole('dialog', { name: 'Delete 1 document for good?' });
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(asked).toHaveCount(0);
  await expect(app.row(title)).toHaveCount(1);

  // The menu asks too; confirming deletes it.
  await app.row(title).click({ button: 'right' });
  await page.getByRole('menuitem', { name: /Delete for good/ }).click();
  await expect(asked).toBeVisible();
  await asked.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 document deleted for good' })).toBeVisible();
  await expect(app.row(title)).toHaveCount(0);
});

test('a move to the trash is undone by the notice\'s Undo, or by Ctrl/Cmd+Z right after', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const title = unique('Undo the trash');
  await app.createDocument({ title });
  await app.searchFor(title);

  await app.selectOnly(title);
  await app.list.focus();
  await page.keyboard.press('Delete');
  const notice = page.getByRole('status').filter({ hasText: '1 document moved to the trash' });
  await expect(notice).toBeVisible();
  await expect(app.rows()).toHaveCount(0);
  await app.shot('library-trash-undo');
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(app.row(title)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: '1 document back from the trash' })).toBeVisible();
  // It comes back selected, as it was.
  await expect(app.row(title)).toHaveAttribute('aria-selected', 'true');

  await app.list.focus();
  await page.keyboard.press('Delete');
  await expect(app.rows()).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(app.row(title)).toHaveCount(1);
  // Nothing more to undo: a second Ctrl/Cmd+Z leaves the document where it is.
  await page.keyboard.press('ControlOrMeta+z');
  await app.clearSearch();
  await app.collection('Trash').click();
  await expect(app.row(title)).toHaveCount(0);
});

test('the theme switches between light and dark and is kept by the settings', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await app.setTheme('Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.setTheme('Light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(light).not.toBe(dark);
});

test('the keyboard drives the list: arrows, Enter to edit, ? for the shortcut list', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  await app.list.focus();
  await page.keyboard.press('Home');
  await expect(app.rows().first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(app.rows().nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(app.list.locator('[role="row"][aria-selected="true"]')).toHaveCount(2);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(app.field('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.list).toBeFocused();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+f');
  await expect(app.search).toBeFocused();
});
