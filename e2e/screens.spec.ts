// Screenshots of each main screen in the light and the dark theme, into
// artifacts/screenshots/<theme>-<screen>.png, for people to review the look.
import { expect, test } from '@playwright/test';
import { LibraryWindow } from './app.ts';

for (const theme of ['Light', 'Dark'] as const) {
  test(`main screens in the ${theme.toLowerCase()} theme`, async ({ page }) => {
    const app = await LibraryWindow.open(page);
    const name = (screen: string) => `${theme.toLowerCase()}-${screen}`;
    await app.setTheme(theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme.toLowerCase());

    await page.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
    await expect(page.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    await app.row('Attention Is All You Need').click();
    await expect(app.field('Title')).toHaveValue('Attention Is All You Need');
    await app.list.focus();
    await app.shot(name('library'));
    await page.getByRole('columnheader', { name: 'Added' }).getByRole('button').click();

    await app.selectOnly('Method for node ranking in a linked database');
    await app.field('Month').fill('13');
    await expect(app.details.getByRole('alert')).toBeVisible();
    await app.shot(name('details-patent-validation-error'));
    await app.field('Month').press('Escape');

    await app.search.fill('');
    await app.searchFor('neural');
    await expect(app.row('ImageNet Classification with Deep Convolutional Neural Networks')).toHaveCount(1);
    await expect(app.rows().first().locator('mark').first()).toBeVisible();
    await app.shot(name('search-results'));
    await app.clearSearch();

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('group', { name: 'Filters' }).getByLabel('Type').selectOption({ label: 'Book' });
    await expect(app.row('The Structure of Scientific Revolutions')).toHaveCount(1);
    await app.shot(name('filters'));
    await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Filters' }).click();

    await app.rows().first().click({ button: 'right' });
    await expect(page.getByRole('menu')).toBeVisible();
    await app.shot(name('context-menu'));
    await page.keyboard.press('Escape');

    await app.searchFor('Coral Reef Resilience study 11');
    await app.rows().first().click();
    await app.list.press('Delete');
    await app.clearSearch();
    await app.collection('Trash').click();
    await expect(app.rows().first()).toBeVisible();
    await app.rows().first().click();
    await app.shot(name('trash'));
    await app.collection('My Library').click();

    await page.keyboard.press('ControlOrMeta+n');
    const dialog = page.getByRole('dialog', { name: 'New document' });
    await dialog.getByLabel('Title').fill('Draft entry');
    await dialog.getByLabel('Year').fill('20x');
    await expect(dialog.getByRole('alert')).toBeVisible();
    await app.shot(name('new-document-dialog'));
    await page.keyboard.press('Escape');

    await page.keyboard.press('ControlOrMeta+Comma');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await app.shot(name('settings-dialog'));
    await page.keyboard.press('Escape');

    await app.list.focus();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await app.shot(name('shortcuts-dialog'));
    await page.keyboard.press('Escape');
  });
}
