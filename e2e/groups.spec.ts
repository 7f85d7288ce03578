// Groups end to end: the first person creates a group and invites a second person, who
// signs up on another device (its own core and replica) and accepts the invitation in that
// app; both then see the group's documents and shared notes. Screenshots in both themes.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { osPersonName } from '../shared/node/osPersonName.ts';
import { LibraryWindow, unique } from './app.ts';
import { dropFiles, FIXTURES } from './dropFiles.ts';
import type { BrowserModeProcess } from './browserModeProcess.ts';
import { firstDeviceService, openSignedIn, startDevice } from './devices.ts';

test.describe.configure({ mode: 'serial' });

let device: BrowserModeProcess;
/** The second person, who signs up on the second device in the first test. */
const invitee = { email: `${unique('grace').replace(' ', '-')}@example.org`, password: 'a long enough password', signUp: { firstName: 'Grace', lastName: 'Hopper' } };

test.beforeAll(async () => {
  device = await startDevice();
});

test.afterAll(async () => {
  await device?.stop();
});

async function syncNow(window: LibraryWindow): Promise<void> {
  const button = window.status.getByRole('button', { name: 'Sync now' });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  await button.click();
  await expect(window.status.locator('.status-sync')).not.toHaveAttribute('data-state', 'syncing', { timeout: 30_000 });
}

async function openTab(page: Page, name: 'Library' | 'Groups' | 'People'): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function bothThemes(window: LibraryWindow, name: string): Promise<void> {
  await window.setTheme('Light');
  await window.shot(`${name}-light`);
  await window.setTheme('Dark');
  await window.shot(`${name}-dark`);
  await window.setTheme('Light');
}

test('a group is created, a second person accepts the invitation in their own app, and both see its documents and notes', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const first = await LibraryWindow.open(page);
  const groupName = unique('Coral reef reading group');
  const sharedTitle = unique('Bleaching thresholds of reef-building corals');
  const replyTitle = unique('Recovery of coral cover after bleaching');
  const otherPage = await openSignedIn(context, device, invitee);
  const other = new LibraryWindow(otherPage);

  // The first person creates the group.
  await openTab(page, 'Groups');
  await page.getByRole('button', { name: 'New group' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A group needs a name');
  await dialog.getByLabel('Name').fill(groupName);
  await dialog.getByLabel('Description (optional)').fill('We read one paper on reef ecology a week.');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(page.getByText('Your role: Owner')).toBeVisible();
  // Its owner edits what it is for.
  await page.getByRole('button', { name: 'Edit…' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit group' });
  await expect(edit.getByLabel('Name')).toHaveValue(groupName);
  await edit.getByLabel('Description (optional)').fill('We read one paper on reef ecology a week, on Fridays.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('We read one paper on reef ecology a week, on Fridays.')).toBeVisible();

  // Invites the second person (and a typo), each with its own result.
  await page.getByLabel(/E-mail addresses/).fill(`${invitee.email}, not-an-address`);
  await page.getByRole('button', { name: 'Send invitations' }).click();
  const results = page.getByRole('list', { name: 'Invitation results' });
  await expect(results.getByTestId('invite-result').filter({ hasText: invitee.email })).toContainText('invited');
  await expect(results.getByTestId('invite-result').filter({ hasText: 'not-an-address' })).toContainText('not invited — This is not a valid e-mail address');
  await expect(page.getByText('Waiting for an answer')).toBeVisible();
  await bothThemes(first, 'groups-owner');

  // Adds a document with a shared note to the group's library.
  await page.getByRole('button', { name: 'Open library' }).click();
  await expect(first.collection(groupName)).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(page.getByText('This group’s library is empty')).toBeVisible();
  await first.createDocument({ title: sharedTitle, authors: 'Hughes, Terry', year: '2018' });
  await first.details.getByLabel('Add a note').fill('Read the methods first: the thresholds come from degree heating weeks.');
  await first.details.getByRole('button', { name: 'Add note' }).click();
  await expect(first.details.getByTestId('annotation')).toContainText('shared with the group');

  // Files it in a folder of the group's library.
  const folderName = unique('Methods');
  await page.getByRole('button', { name: `New folder in ${groupName}` }).click();
  const folderBox = page.getByLabel(`Folder name in ${groupName}`);
  await folderBox.fill(folderName);
  await folderBox.press('Enter');
  const groupFolders = first.sidebar.getByRole('group', { name: `Folders of ${groupName}` });
  await expect(groupFolders.getByRole('treeitem', { name: folderName })).toBeVisible();
  await first.row(sharedTitle).dragTo(groupFolders.getByRole('treeitem', { name: folderName }));
  await groupFolders.getByRole('treeitem', { name: folderName }).click();
  await expect(first.row(sharedTitle)).toBeVisible();
  await expect(first.rows()).toHaveCount(1);
  await first.collection(groupName).click();
  await syncNow(first);

  // The second person sees the invitation in their app and accepts it.
  await openTab(otherPage, 'Groups');
  const invitation = otherPage.getByTestId('invitation').filter({ hasText: groupName });
  await expect(invitation).toBeVisible({ timeout: 30_000 });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(otherPage.getByText(`You joined “${groupName}”`)).toBeVisible();
  await expect(otherPage.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(otherPage.getByText('Your role: Member')).toBeVisible();
  const members = otherPage.getByRole('table', { name: 'Members and roles' });
  await expect(members.getByTestId('member-row')).toHaveCount(2);
  await expect(members.getByTestId('member-row').filter({ hasText: 'Grace Hopper' })).toContainText('Member');
  await bothThemes(other, 'groups-member');

  // Their library now holds the group's documents and the shared note.
  await otherPage.getByRole('button', { name: 'Open library' }).click();
  await expect(other.collection(groupName)).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await other.row(sharedTitle).click();
  await expect(other.field('Title')).toHaveValue(sharedTitle);
  await expect(other.details.getByTestId('annotation')).toContainText('degree heating weeks');
  // By its author's name (the first person is the local account, named after the OS user).
  const localName = osPersonName();
  await expect(other.details.getByTestId('annotation')).toContainText(` · by ${localName.first} ${localName.last} · shared with the group`);
  // The group's folders come along, with what was filed in them.
  const otherFolders = other.sidebar.getByRole('group', { name: `Folders of ${groupName}` });
  await otherFolders.getByRole('treeitem', { name: folderName }).click();
  await expect(other.row(sharedTitle)).toBeVisible();
  await other.collection(groupName).click();
  await other.row(sharedTitle).click();
  await other.details.getByTestId('annotation').scrollIntoViewIfNeeded();
  await bothThemes(other, 'group-library-member');

  // What the second person adds reaches the first.
  await other.createDocument({ title: replyTitle, year: '2020' });
  await syncNow(other);
  await syncNow(first);
  await expect(first.row(replyTitle)).toBeVisible({ timeout: 30_000 });
  await expect(first.row(sharedTitle)).toBeVisible();
  await expect(first.collection('My Library')).toBeVisible();

  // A member renames the group's folder from its menu; the owner deletes it; both follow.
  const renamed = `${folderName} (reviewed)`;
  await other.collection(groupName).click();
  await otherFolders.getByRole('treeitem', { name: folderName }).click({ button: 'right' });
  await otherPage.getByRole('menuitem', { name: /^Rename/ }).click();
  const nameBox = otherPage.getByLabel('Folder name');
  await nameBox.fill(renamed);
  await nameBox.press('Enter');
  await expect(otherFolders.getByRole('treeitem', { name: renamed })).toBeVisible();
  await syncNow(other);
  await syncNow(first);
  await first.collection(groupName).click();
  await expect(groupFolders.getByRole('treeitem', { name: renamed })).toBeVisible({ timeout: 30_000 });
  await groupFolders.getByRole('treeitem', { name: renamed }).click();
  await groupFolders.getByRole('treeitem', { name: renamed }).press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
  await expect(groupFolders.getByRole('treeitem', { name: renamed })).toHaveCount(0);
  // Out of the deleted folder, into the group's library, which still holds the document.
  await expect(first.collection(groupName)).toHaveAttribute('aria-selected', 'true');
  await expect(first.row(sharedTitle)).toBeVisible();
  await syncNow(first);
  await syncNow(other);
  await other.collection(groupName).click();
  await expect(otherFolders.getByRole('treeitem', { name: renamed })).toHaveCount(0, { timeout: 30_000 });

  // The owner sees both members by name and may make the second an admin.
  await openTab(page, 'Groups');
  const ownerMembers = page.getByRole('table', { name: 'Members and roles' });
  const graceRow = ownerMembers.getByTestId('member-row').filter({ hasText: 'Grace Hopper' });
  await graceRow.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText('Grace Hopper is now an admin.')).toBeVisible();
  await expect(graceRow).toContainText('Admin');
});

test('a follower reads a public group’s library but cannot change it', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const first = await LibraryWindow.open(page);
  const groupName = unique('Open mangrove lab');
  const title = unique('Mangrove carbon stocks across the tropics');
  await openTab(page, 'Groups');
  await page.getByRole('button', { name: 'New group' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel('Name').fill(groupName);
  await dialog.getByText('Public', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await page.getByRole('button', { name: 'Open library' }).click();
  await expect(first.collection(groupName)).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await first.createDocument({ title, year: '2011' });
  await syncNow(first);

  const otherPage = await openSignedIn(context, device, { email: invitee.email, password: invitee.password });
  const other = new LibraryWindow(otherPage);
  await openTab(otherPage, 'Groups');
  await otherPage.getByRole('list', { name: 'Groups to discover' }).getByRole('button', { name: new RegExp(groupName) }).click();
  await otherPage.getByRole('button', { name: 'Follow' }).click();
  await expect(otherPage.getByText(`You follow “${groupName}”`)).toBeVisible();
  await expect(otherPage.getByText('Your role: Follower')).toBeVisible();
  await otherPage.getByRole('button', { name: 'Open library' }).click();
  await expect(other.collection(`${groupName} (read-only)`)).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await other.row(title).click();
  await expect(other.field('Title')).toHaveValue(title);
  await expect(other.details.getByRole('note')).toContainText(`You follow “${groupName}”: its library is read-only for you`);
  await expect(other.field('Title')).toBeDisabled();

  // A change from the list is refused by the core with the reason; the document stays as it was.
  await other.row(title).getByRole('button', { name: `Star ${title}` }).click();
  await expect(otherPage.locator('.error-banner')).toContainText('could not be changed: You follow');
  await expect(other.row(title).getByRole('button', { name: `Star ${title}` })).toBeVisible();
  await bothThemes(other, 'group-library-follower');
});

test('the second person asks to follow the first, who accepts the request', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const first = await LibraryWindow.open(page);
  const otherPage = await openSignedIn(context, device, { email: invitee.email, password: invitee.password });
  await openTab(otherPage, 'People');
  await otherPage.getByLabel('E-mail address or profile link').fill(firstDeviceService().localAccount.email);
  await otherPage.getByRole('button', { name: 'Find', exact: true }).click();
  const card = otherPage.locator('.person-result').first();
  await expect(card.getByRole('heading')).toBeVisible();
  const firstName = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(otherPage.getByText(`Request sent: ${firstName} answers it.`)).toBeVisible();
  const following = otherPage.getByRole('list', { name: 'Following' });
  await expect(following).toContainText('waiting for their answer');

  await openTab(page, 'People');
  const request = page.getByTestId('follower-row').filter({ hasText: 'Grace Hopper' });
  await expect(request).toContainText('wants to follow you');
  await first.shot('people-follow-request-light');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Grace Hopper now follows you.')).toBeVisible();
  await expect(request).not.toContainText('wants to follow you');

  await openTab(otherPage, 'Library');
  await openTab(otherPage, 'People');
  await expect(following.getByRole('listitem').filter({ hasText: firstName })).toContainText('Unfollow');
});

test('my profile is edited with the institution and location pickers', async ({ page }) => {
  const window = await LibraryWindow.open(page);
  await openTab(page, 'People');
  const form = page.getByRole('form', { name: 'My profile' });
  await expect(form.getByLabel('First name')).not.toHaveValue('');

  const institution = form.getByRole('combobox', { name: 'Institution' });
  await institution.fill('Universit');
  const options = page.getByRole('listbox', { name: 'Institution suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  await institution.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const picked = (await options.nth(1).locator('span').first().textContent()) ?? '';
  await institution.press('Enter');
  await expect(institution).toHaveValue(picked);

  const location = form.getByRole('combobox', { name: 'Location' });
  await location.fill('zur');
  const zurich = page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option', { name: /^Zürich/ }).first();
  await expect(zurich).toBeVisible();
  await window.shot('people-location-picker-light');
  await zurich.click();
  await expect(location).toHaveValue('Zürich');

  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByRole('status')).toHaveText('Profile saved.');

  // A photo, chosen as a file, comes back from the service and shows.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await form.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('status').filter({ hasText: 'Photo saved.' })).toBeVisible();
  await expect(form.getByRole('img', { name: /^Photo of / })).toBeVisible();
  await page.reload();
  await openTab(page, 'People');
  await expect(page.getByRole('form', { name: 'My profile' }).getByRole('combobox', { name: 'Institution' })).toHaveValue(picked);
  await expect(page.getByRole('form', { name: 'My profile' }).getByRole('combobox', { name: 'Location' })).toHaveValue('Zürich');
  await bothThemes(window, 'people');
});

/** A new group of this person's, created in the Groups tab; back in the library, it is in the sidebar. */
async function createGroup(app: LibraryWindow, prefix: string): Promise<string> {
  const { page } = app;
  const groupName = unique(prefix);
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByRole('button', { name: 'New group' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel('Name').fill(groupName);
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await page.getByRole('tab', { name: 'Library' }).click();
  await expect(app.collection(groupName)).toBeVisible({ timeout: 30_000 });
  return groupName;
}

test('documents dragged from My Library onto a group are shared as copies, with a notice', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const groupName = await createGroup(app, 'Seagrass sharing group');

  const title = unique('Seagrass carbon burial, shared');
  await app.createDocument({ title, year: '2012' });
  await app.selectOnly(title);
  await app.row(title).dragTo(app.collection(groupName));
  await expect(page.getByRole('status').filter({ hasText: `1 document copied to “${groupName}”.` })).toBeVisible();

  await app.clearSearch();
  await app.collection(groupName).click();
  await expect(app.row(title)).toHaveCount(1);
  await app.row(title).click();
  await expect(app.field('Year')).toHaveValue('2012');
  // The original stays in My Library.
  await app.collection('My Library').click();
  await app.searchFor(title);
  await expect(app.rows()).toHaveCount(1);
});

test('a PDF dropped on a group\'s library becomes a group document, though My Library holds the same file', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const groupName = await createGroup(app, 'Actuarial reading group');
  await app.collection(groupName).click();
  await expect(app.rows()).toHaveCount(0);

  // The reader's tests keep this very file in My Library: only the library dropped into counts.
  await dropFiles(page, [{ name: 'actuar-intro.pdf', bytes: readFileSync(`${FIXTURES}/actuar-intro.pdf`), type: 'application/pdf' }]);
  const panel = page.getByTestId('import-panel');
  await expect(panel.locator('[data-status="imported"]')).toHaveCount(1, { timeout: 90_000 });
  await expect(panel.locator('[data-status="duplicate"]')).toHaveCount(0);
  await expect(app.rows()).toHaveCount(1);
  await expect(app.rows().first()).toContainText('actuar');
  await app.rows().first().click();
  await expect(app.field('Title')).toHaveValue(/actuar/i);
});

test('"Copy to group" in the list\'s menu shares a document, and a group\'s documents file into the group\'s own folders', async ({ page }) => {
  // Many steps, each a round trip to the core: the default bound is short on a loaded machine.
  test.slow();
  const app = await LibraryWindow.open(page);
  const groupName = await createGroup(app, 'Kelp forest group');
  const title = unique('Kelp canopy recovery, copied');
  await app.createDocument({ title, year: '2019' });
  await app.selectOnly(title);

  await app.row(title).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Copy to group' }).click();
  const withAnnotations = page.getByRole('menuitem', { name: `${groupName}, with my annotations` });
  await expect(withAnnotations).toBeVisible();
  await expect(page.getByRole('menuitem', { name: groupName, exact: true })).toBeVisible();
  await app.shot('library-copy-to-group-menu');
  await withAnnotations.click();
  await expect(page.getByRole('status').filter({ hasText: `1 document copied to “${groupName}”.` })).toBeVisible();

  await app.clearSearch();
  await app.collection(groupName).click();
  await expect(app.row(title)).toHaveCount(1);
  // A folder of the group's: "Add to folder" on the group's document lists it (and no personal folder).
  const folderName = unique('Field notes');
  await app.sidebar.getByRole('button', { name: `New folder in ${groupName}` }).click();
  await app.sidebar.getByLabel(`Folder name in ${groupName}`).fill(folderName);
  await app.sidebar.getByLabel(`Folder name in ${groupName}`).press('Enter');
  await expect(app.collection(folderName)).toBeVisible();
  await app.row(title).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add to folder' }).click();
  await page.getByRole('menuitem', { name: folderName }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 document added to the folder' })).toBeVisible();
  await app.collection(folderName).click();
  await expect(app.row(title)).toHaveCount(1);
});
