// The library from 1024x700 up: in a narrow window the less needed columns give way (Added,
// Type, Source) so the title stays readable; they come back when the window widens, and the
// columns menu says why they are not shown. Screenshots at both sizes in both themes.
import { expect, test } from '@playwright/test';
import { LibraryWindow } from './app.ts';

test('columns give way to the title at 1024x700 and come back at 1440x900', async ({ page }) => {
  const app = await LibraryWindow.open(page);
  const header = (name: string) => page.getByRole('columnheader', { name: new RegExp(`^${name}\\b`) });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });

    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(header('Added')).toHaveCount(0);
    await expect(header('Type')).toHaveCount(0);
    await expect(header('Source')).toHaveCount(0);
    await expect(header('Authors')).toBeVisible();
    expect((await header('Title').boundingBox())!.width).toBeGreaterThanOrEqual(200);
    await expect(app.rows().first()).toBeVisible();
    await app.shot(`library-columns-1024x700-${theme}`);

    await page.setViewportSize({ width: 1440, height: 900 });
    for (const name of ['Authors', 'Year', 'Source', 'Type', 'Added']) await expect(header(name)).toBeVisible();
    await app.shot(`library-columns-1440x900-${theme}`);
  }

  // The columns menu in the narrow window: still chosen, with no room.
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(header('Type')).toHaveCount(0);
  await header('Title').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Columns' });
  await expect(menu.getByRole('menuitemcheckbox', { name: /Type/ })).toContainText('no room');
  await expect(menu.getByRole('menuitemcheckbox', { name: /Type/ })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
});
