// WCAG AA contrast over the main screens in the light and the dark theme, measured by
// axe-core's `color-contrast` rule on the live page (real computed colours, real text).
// The unread dot's and the star's contrast on a selected row are measured here too
// (axe checks only text).
// Screenshots go to artifacts/screenshots/a11y-<theme>-<screen>.png for people to review.
import { expect, test, type Page } from '@playwright/test';
import { LibraryWindow } from './app.ts';
import { contrastFailures, contrastRatio } from './contrast.ts';

const READER_TITLE = 'Introduction to actuar, reading copy';

async function openView(page: Page, name: 'Catalog' | 'Datasets' | 'Groups' | 'People' | 'Library') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

for (const theme of ['Light', 'Dark'] as const) {
  test(`AA contrast on the main screens in the ${theme.toLowerCase()} theme`, async ({ page }) => {
    const app = await LibraryWindow.open(page);
    await app.setTheme(theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme.toLowerCase());
    const failures: Record<string, string[]> = {};
    const check = async (screen: string) => {
      await app.shot(`a11y-${theme.toLowerCase()}-${screen}`);
      failures[screen] = await contrastFailures(page);
    };

    // Library with rows, a selected unread row and the details pane.
    const row = app.list.locator('.body-row.unread').nth(1);
    await row.click();
    await expect(row).toHaveClass(/selected/);
    await expect(app.field('Title')).not.toHaveValue('');
    await check('library');

    // The unread dot and the star stay visible on the selected row, focused list or not:
    // 3:1 against the row, WCAG's floor for marks that are not text.
    const marks = () => row.evaluate((el) => {
      const dot = el.querySelector('.read-dot.unread');
      const star = el.querySelector('.star-button');
      const rowColour = getComputedStyle(el).backgroundColor;
      return {
        dot: dot ? [getComputedStyle(dot).backgroundColor, rowColour] as [string, string] : null,
        star: star ? [getComputedStyle(star).color, rowColour] as [string, string] : null,
      };
    });
    for (const focus of ['list', 'search box'] as const) {
      if (focus === 'search box') await app.search.focus();
      const { dot, star } = await marks();
      expect(dot, 'the selected row shows its unread dot').not.toBeNull();
      expect(contrastRatio(...dot!), `unread dot, focus in the ${focus}`).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(...star!), `star, focus in the ${focus}`).toBeGreaterThanOrEqual(3);
    }

    await page.keyboard.press('ControlOrMeta+Comma');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await check('settings-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();

    await openView(page, 'Catalog');
    const box = page.getByRole('searchbox', { name: 'Search the catalog' });
    await box.fill('typography');
    await box.press('Enter');
    const results = page.getByRole('list', { name: 'Catalog results' }).getByRole('button');
    await results.first().click();
    await expect(page.getByRole('article', { name: 'Catalog document' }).getByRole('heading', { level: 2 })).toBeVisible();
    await check('catalog');
    for (const view of ['Datasets', 'Groups', 'People'] as const) {
      await openView(page, view);
      await check(view.toLowerCase());
    }
    await openView(page, 'Library');

    // The reader with a PDF open: its toolbar and panels (the page's own text is the PDF's).
    await app.searchFor(READER_TITLE);
    await app.row(READER_TITLE).dblclick();
    await expect(page.getByRole('tab', { name: READER_TITLE })).toHaveAttribute('aria-selected', 'true');
    const reader = page.locator('.reader').filter({ has: page.locator('.rs-toolbar') }).filter({ visible: true });
    await expect(reader.locator('.page[data-page-number="1"] canvas')).toBeVisible({ timeout: 30_000 });
    await app.shot(`a11y-${theme.toLowerCase()}-reader`);
    failures.reader = await contrastFailures(page, ['.textLayer', '.annotationLayer']);

    // The library again at the two window sizes people review (wide and small laptop).
    await openView(page, 'Library');
    await app.clearSearch();
    for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      await expect(app.rows().first()).toBeVisible();
      await check(`library-${size.width}x${size.height}`);
    }

    expect(failures).toEqual({
      library: [], 'settings-dialog': [], catalog: [], datasets: [], groups: [], people: [], reader: [],
      'library-1440x900': [], 'library-1024x700': [],
    });
  });
}
