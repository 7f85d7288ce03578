// The page model of the library window: the ways a person reaches each part of it.
import { expect, type Locator, type Page } from '@playwright/test';

export const SCREENSHOTS = 'artifacts/screenshots';

export class LibraryWindow {
  readonly list: Locator;
  readonly details: Locator;
  readonly sidebar: Locator;
  readonly search: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('document-list');
    this.details = page.getByRole('complementary', { name: 'Details' });
    this.sidebar = page.getByRole('navigation', { name: 'Library' });
    this.search = page.getByRole('searchbox', { name: 'Search library' });
    this.status = page.getByRole('contentinfo', { name: 'Status' });
  }

  static async open(page: Page): Promise<LibraryWindow> {
    const url = process.env.REFSHELF_E2E_URL;
    if (!url) throw new Error('REFSHELF_E2E_URL is not set: run through playwright.config.ts (globalSetup)');
    await page.goto(url);
    const window = new LibraryWindow(page);
    await expect(window.rows().first()).toBeVisible();
    return window;
  }

  rows(): Locator {
    return this.list.locator('[role="row"]');
  }

  row(title: string): Locator {
    return this.rows().filter({ has: this.page.locator('.cell-title', { hasText: title }) });
  }

  collection(name: string): Locator {
    return this.sidebar.getByRole('treeitem', { name, exact: true });
  }

  field(name: string): Locator {
    return this.details.getByLabel(name, { exact: true });
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    // The count shows once the results of exactly this text have arrived.
    await expect(this.page.locator('.search-count')).toHaveAttribute('data-query', text);
  }

  async clearSearch(): Promise<void> {
    await this.search.fill('');
    await expect(this.page.locator('.search-count')).toHaveCount(0);
  }

  async selectOnly(title: string): Promise<void> {
    await this.searchFor(title);
    await expect(this.rows()).toHaveCount(1);
    await this.row(title).click();
    await expect(this.field('Title')).toHaveValue(title);
  }

  async createDocument(fields: { title: string; authors?: string; year?: string; type?: string }): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+n');
    const dialog = this.page.getByRole('dialog', { name: 'New document' });
    await expect(dialog).toBeVisible();
    if (fields.type) await dialog.getByLabel('Type').selectOption({ label: fields.type });
    await dialog.getByLabel('Title').fill(fields.title);
    if (fields.authors) await dialog.getByLabel('Authors').fill(fields.authors);
    if (fields.year) await dialog.getByLabel('Year').fill(fields.year);
    await dialog.getByRole('button', { name: 'Add document' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.field('Title')).toHaveValue(fields.title);
  }

  async setTheme(theme: 'Light' | 'Dark' | 'System'): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+Comma');
    const dialog = this.page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toBeVisible();
    await dialog.getByText(theme, { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: theme })).toBeChecked();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  }

  async shot(name: string): Promise<void> {
    // Let the tooltip/animation state settle; the caret blinks, so hide it.
    await this.page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, caret: 'hide', animations: 'disabled' });
  }
}

/** A word that appears in no seeded document, so each test finds only its own rows. */
export function unique(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}
