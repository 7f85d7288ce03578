// Two replicas of one library: the first device (embedded service) and a second device
// that signs in to that service through its real OAuth pages and reaches it through a
// network switch, so going offline is a real network failure.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { LibraryWindow, SCREENSHOTS, unique } from './app.ts';
import type { BrowserModeProcess } from './browserModeProcess.ts';
import { firstDeviceService, openSignedIn, startDevice } from './devices.ts';
import { startNetworkSwitch, type NetworkSwitch } from './networkSwitch.ts';

test.describe.configure({ mode: 'serial' });

let network: NetworkSwitch;
let device: BrowserModeProcess;

test.beforeAll(async () => {
  network = await startNetworkSwitch(firstDeviceService().serviceUrl);
  device = await startDevice({ serviceUrl: network.url });
});

test.afterAll(async () => {
  await device?.stop();
  await network?.close();
});

async function syncNow(window: LibraryWindow): Promise<void> {
  const button = window.status.getByRole('button', { name: 'Sync now' });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  await button.click();
  await expect(window.status.locator('.status-sync')).not.toHaveAttribute('data-state', 'syncing', { timeout: 30_000 });
}

async function secondWindow(page: Page): Promise<LibraryWindow> {
  const window = new LibraryWindow(page);
  await expect(window.rows().first()).toBeVisible({ timeout: 30_000 });
  return window;
}

/**
 * A document on both devices whose Pages both edit, the second device offline meanwhile (with
 * live sync, an online device would pull the first edit before the person types, and that is
 * a later edit, not a clash): the first writes 11-19, the second 21-29; the second device's
 * conflict button is showing when this returns.
 */
async function clashOnPages(page: Page, context: BrowserContext, name: string) {
  const first = await LibraryWindow.open(page);
  const title = unique(name);
  await first.createDocument({ title });
  await syncNow(first);
  const otherPage = await openSignedIn(context, device, firstDeviceService().localAccount);
  const other = await secondWindow(otherPage);
  await syncNow(other);
  await other.selectOnly(title);

  network.setOnline(false);
  await first.selectOnly(title);
  await first.field('Pages').fill('11-19');
  await first.field('Pages').press('Tab');
  await syncNow(first);
  await other.field('Pages').fill('21-29');
  await other.field('Pages').press('Tab');
  await expect(other.status.getByText(/1 change (to send|waiting)/).first()).toBeVisible();
  network.setOnline(true);
  await syncNow(other);

  const conflicts = other.status.getByRole('button', { name: /1 conflict to resolve/ });
  await expect(conflicts).toBeVisible({ timeout: 30_000 });
  return { first, other, otherPage, title, conflicts };
}

test('a second replica signs in, syncs, and sees what the first one adds and edits', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const first = await LibraryWindow.open(page);
  const title = unique('Replicated mangrove carbon survey');
  await first.createDocument({ title, authors: 'Duarte, Carlos', year: '2013' });
  await syncNow(first);

  const other = await secondWindow(await openSignedIn(context, device, firstDeviceService().localAccount));
  await syncNow(other);
  await other.selectOnly(title);
  await expect(other.field('Year')).toHaveValue('2013');

  // An edit on the second replica reaches the first.
  await other.field('Volume').fill('7');
  await other.field('Volume').press('Tab');
  await syncNow(other);
  await syncNow(first);
  await first.selectOnly(title);
  await expect(first.field('Volume')).toHaveValue('7');
});

test('the same field edited on both replicas becomes a conflict resolved side by side', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const { first, other, otherPage, title, conflicts } = await clashOnPages(page, context, 'Conflicting seagrass meadow census');
  await conflicts.click();
  const dialog = otherPage.getByRole('dialog', { name: 'Conflicts' });
  const row = dialog.getByRole('row').filter({ hasText: title });
  await expect(row.locator('.conflict-value').nth(0)).toHaveText('21-29');
  await expect(row.locator('.conflict-value').nth(1)).toHaveText('11-19');
  await otherPage.screenshot({ path: `${SCREENSHOTS}/conflicts-light.png` });
  await row.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog.getByText('No conflicts: every edit reached the service.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await syncNow(other);
  await syncNow(first);
  await first.selectOnly(title);
  await expect(first.field('Pages')).toHaveValue('21-29');
});

test('a field edited again while its conflict is open: keep mine sends the newest edit to both replicas', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const { first, other, otherPage, title, conflicts } = await clashOnPages(page, context, 'Twice edited estuary sediment cores');

  // The person edits the field again, offline again so no sync runs in between: the newest
  // edit becomes the conflict's own side, and a pull does not put the older value back.
  network.setOnline(false);
  await other.field('Pages').fill('31-39');
  await other.field('Pages').press('Tab');
  network.setOnline(true);
  await syncNow(other);
  await expect(other.field('Pages')).toHaveValue('31-39');
  await expect(conflicts).toBeVisible();
  await conflicts.click();
  const dialog = otherPage.getByRole('dialog', { name: 'Conflicts' });
  const row = dialog.getByRole('row').filter({ hasText: title });
  await expect(row.locator('.conflict-value').nth(0)).toHaveText('31-39');
  await expect(row.locator('.conflict-value').nth(1)).toHaveText('11-19');
  await row.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog.getByText('No conflicts: every edit reached the service.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await syncNow(other);
  await syncNow(first);
  await first.selectOnly(title);
  await expect(first.field('Pages')).toHaveValue('31-39');
  await other.selectOnly(title);
  await expect(other.field('Pages')).toHaveValue('31-39');
});

test('edits made offline wait, are shown as pending, and reach the other replica when the network returns', async ({ page, context }) => {
  test.slow(); // several devices or long work: three times the default bound
  const first = await LibraryWindow.open(page);
  const title = unique('Offline kelp forest transect');
  await first.createDocument({ title });
  await syncNow(first);
  const otherPage = await openSignedIn(context, device, firstDeviceService().localAccount);
  const other = await secondWindow(otherPage);
  await syncNow(other);

  network.setOnline(false);
  await other.selectOnly(title);
  await other.field('Issue').fill('4');
  await other.field('Issue').press('Tab');
  await other.status.getByRole('button', { name: 'Sync now' }).click();
  await expect(other.status.locator('.status-sync')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  await expect(other.status.getByText('Offline: 1 change waiting')).toBeVisible();
  // Still editable offline, and kept across a reload of the window.
  await otherPage.reload();
  const reloaded = await secondWindow(otherPage);
  await reloaded.selectOnly(title);
  await expect(reloaded.field('Issue')).toHaveValue('4');
  await otherPage.screenshot({ path: `${SCREENSHOTS}/offline-light.png` });

  network.setOnline(true);
  await syncNow(reloaded);
  await expect(reloaded.status.locator('.status-sync')).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
  await expect(reloaded.status.getByText(/to send/)).toHaveCount(0);
  await syncNow(first);
  await first.selectOnly(title);
  await expect(first.field('Issue')).toHaveValue('4');
});
