// Further devices for e2e tests: another real core in browser mode, with its own replica,
// syncing with the first device's service. It signs in through the service's real OAuth
// pages in the test's browser (authorization code with PKCE and a loopback redirect), as
// the first device's person (a second replica of one library) or as somebody else.
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { lastLinkTo, outboxMails } from '../server/oauth/outboxTesting.ts';
import { startBrowserMode, type BrowserModeProcess } from './browserModeProcess.ts';

export interface FirstDeviceService {
  serviceUrl: string;
  clientId: string;
  localAccount: { email: string; password: string };
  /** The first device's data folder: its embedded service writes e-mails to service/outbox there. */
  dataDir: string;
}

export function firstDeviceService(): FirstDeviceService {
  const raw = process.env.REFSHELF_E2E_SERVICE;
  if (!raw) throw new Error('REFSHELF_E2E_SERVICE is not set: run through playwright.config.ts (globalSetup)');
  return JSON.parse(raw) as FirstDeviceService;
}

export type Person =
  | { email: string; password: string }
  | { email: string; password: string; signUp: { firstName: string; lastName: string } };

/** Starts another device (signed out) against the first device's service. */
export function startDevice(options: { serviceUrl?: string } = {}): Promise<BrowserModeProcess> {
  const { serviceUrl, clientId } = firstDeviceService();
  return startBrowserMode({ REFSHELF_E2E_REMOTE: JSON.stringify({ serviceUrl: options.serviceUrl ?? serviceUrl, clientId }) });
}

/**
 * Opens the device's window and, unless it is signed in already, signs it in from its
 * settings: the service's sign-in (or sign-up) and consent pages open in a second tab, as
 * the system browser would.
 */
export async function openSignedIn(context: BrowserContext, device: BrowserModeProcess, person: Person): Promise<Page> {
  const page = await context.newPage();
  await page.goto(device.pageUrl);
  // The toolbar's button, not the shortcut: a key pressed before the window wires its
  // shortcuts (right after load) would be lost.
  await page.getByRole('toolbar', { name: 'Library tools' }).getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const signIn = settings.getByRole('button', { name: 'Sign in' });
  const signOut = settings.getByRole('button', { name: 'Sign out' });
  await expect(signIn.or(signOut)).toBeVisible();
  if (await signOut.isVisible()) {
    await settings.getByRole('button', { name: 'Done' }).click();
    return page;
  }
  await signIn.click();
  const link = settings.getByRole('link', { name: "the service's page" });
  const authorizationUrl = await link.getAttribute('href');
  if (!authorizationUrl) throw new Error('The app did not offer the sign-in page');

  const browser = await context.newPage();
  await browser.goto(authorizationUrl);
  if ('signUp' in person) {
    await browser.getByRole('link', { name: /create an account|sign up/i }).click();
    await browser.getByLabel('First name').fill(person.signUp.firstName);
    await browser.getByLabel('Last name').fill(person.signUp.lastName);
    await browser.getByLabel('E-mail address').fill(person.email);
    await browser.getByLabel('Password').fill(person.password);
    await browser.getByRole('button', { name: 'Create account' }).click();
  } else {
    await browser.getByLabel('E-mail address').fill(person.email);
    await browser.getByLabel('Password').fill(person.password);
    await browser.getByRole('button', { name: 'Sign in' }).click();
  }
  await browser.getByRole('button', { name: 'Allow' }).click();
  await expect(browser.locator('body')).toContainText(/signed in|you can close|return to/i);
  if ('signUp' in person) {
    // The new person opens the link the service e-mailed (its outbox, without SMTP), as
    // rights bound to an address (invitations to it) count only once it is verified.
    const { serviceUrl, dataDir } = firstDeviceService();
    const outbox = path.join(dataDir, 'service', 'outbox');
    await expect.poll(() => outboxMails(outbox).some((m) => m.to === person.email && m.text.includes('/oauth/verify-email'))).toBe(true);
    await browser.goto(new URL(lastLinkTo(outbox, person.email, '/oauth/verify-email'), serviceUrl).href);
    await expect(browser.locator('body')).toContainText(`${person.email} is verified`);
  }
  await browser.close();

  await expect(settings.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
  await settings.getByRole('button', { name: 'Done' }).click();
  return page;
}
