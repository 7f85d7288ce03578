// Several notes per document in Chromium against the real core: two notes written with the
// editor's toolbar and shortcuts, listed by first line and date, rendered from Markdown (raw
// HTML shown as text), kept over a reload, found by the library search ("In a note"), edited,
// and deleted with undo. Screenshots at 1440x900 and 1024x700 in both themes.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';
import { contrastFailures } from './contrast.ts';

/** Selects `text` inside the text box, as a person's drag would. */
async function selectText(box: Locator, text: string): Promise<void> {
  await box.evaluate((el, wanted) => {
    const area = el as HTMLTextAreaElement;
    const at = area.value.lastIndexOf(wanted);
    area.focus();
    area.setSelectionRange(at, at + wanted.length);
  }, text);
}

const noteItem = (app: LibraryWindow, title: string) =>
  app.details.getByRole('list', { name: 'Notes' }).getByRole('listitem').filter({ has: app.page.getByRole('button', { name: title, exact: true }) });

/** Screenshots at both sizes in both themes; answers the AA contrast failures of each. */
async function shots(app: LibraryWindow, page: Page, name: string): Promise<Record<string, string[]>> {
  const failures: Record<string, string[]> = {};
  for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
    await page.setViewportSize(size);
    for (const theme of ['Light', 'Dark'] as const) {
      await app.setTheme(theme);
      const notes = app.details.getByRole('list', { name: 'Notes' });
      if (await notes.isVisible()) await notes.scrollIntoViewIfNeeded();
      const shot = `${name}-${size.width}x${size.height}-${theme.toLowerCase()}`;
      await app.shot(shot);
      failures[shot] = await contrastFailures(page);
    }
  }
  await app.setTheme('Light');
  await page.setViewportSize({ width: 1360, height: 820 });
  return failures;
}

test('two notes written with the editor are listed, rendered, kept over a reload, searchable, edited and deleted with undo', async ({ page }) => {
  // Four screenshots each with an axe contrast pass: a bound, not a delay, on a shared machine.
  test.setTimeout(360_000);
  const app = await LibraryWindow.open(page);
  const title = unique('Limb regeneration');
  const word = `finray${Math.random().toString(36).slice(2, 8)}`;
  await app.createDocument({ title, authors: 'Tanaka, Elly', year: '2016' });

  // The first note: a heading by shortcut, a bold word and a list item by the toolbar.
  const box = app.details.getByRole('textbox', { name: 'Add a note' });
  await box.fill('Sampling plan');
  await box.press('ControlOrMeta+Shift+H');
  await expect(box).toHaveValue('## Sampling plan');
  await box.press('End');
  await box.pressSequentially('\nCounted at dawn, twice\nnets');
  await selectText(box, 'twice');
  await app.details.getByRole('button', { name: 'Bold' }).first().click();
  await selectText(box, 'nets');
  await app.details.getByRole('button', { name: 'Bulleted list' }).first().click();
  await expect(box).toHaveValue('## Sampling plan\nCounted at dawn, **twice**\n- nets');
  await app.details.getByRole('button', { name: 'Add note' }).click();
  await expect(box).toHaveValue('');

  // The second: a link by Ctrl+K (the address is selected, ready to type) and raw HTML.
  await box.fill(`Compare the zebrafish ${word} study\nsee paper <b>raw</b>`);
  await selectText(box, 'paper');
  await box.press('ControlOrMeta+k');
  await box.pressSequentially('https://example.org/fin');
  await expect(box).toHaveValue(`Compare the zebrafish ${word} study\nsee [paper](https://example.org/fin) <b>raw</b>`);
  await box.press('ControlOrMeta+Enter');
  await expect(box).toHaveValue('');

  const list = app.details.getByRole('list', { name: 'Notes' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Newest first, each by its first line, with a date.
  await expect(list.locator('.note-title-text')).toHaveText([`Compare the zebrafish ${word} study`, 'Sampling plan']);
  await expect(list.locator('.note-meta').first()).toHaveText(/^\d\d:\d\d · private$/);

  const checkRendered = async () => {
    const second = noteItem(app, `Compare the zebrafish ${word} study`);
    const first = noteItem(app, 'Sampling plan');
    for (const [item, name] of [[first, 'Sampling plan'], [second, `Compare the zebrafish ${word} study`]] as const) {
      const button = item.getByRole('button', { name, exact: true });
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    }
    const rendered = first.getByTestId('note-rendered');
    await expect(rendered.getByRole('heading', { name: 'Sampling plan' })).toBeVisible();
    await expect(rendered.locator('strong')).toHaveText('twice');
    await expect(rendered.getByRole('listitem')).toHaveText('nets');
    const link = second.getByTestId('note-rendered').getByRole('link', { name: 'paper' });
    await expect(link).toHaveAttribute('href', 'https://example.org/fin');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(second.getByTestId('note-rendered')).toContainText('<b>raw</b>');
    await expect(second.getByTestId('note-rendered').locator('b')).toHaveCount(0);
  };
  await checkRendered();

  // Both notes are still there, rendered, after a reload.
  await page.reload();
  await expect(app.rows().first()).toBeVisible();
  await app.selectOnly(title);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await checkRendered();

  // The library search finds the document by a word of the second note and says where.
  await app.searchFor(word);
  await expect(app.rows()).toHaveCount(1);
  await expect(app.row(title).getByTestId('note-match')).toHaveText('In a note');
  await expect(app.row(title).getByTestId('note-match')).toHaveAttribute('title', new RegExp(`In a note: .*${word}`));
  await app.row(title).click();
  await checkRendered();
  // The notes, the editor and the "In a note" mark keep WCAG AA contrast in both themes.
  const failures = await shots(app, page, 'notes');
  for (const found of Object.values(failures)) expect(found).toEqual([]);

  // Edit the first note; delete the second and bring it back with Undo.
  await noteItem(app, 'Sampling plan').getByRole('button', { name: 'Edit note Sampling plan' }).click();
  const editor = app.details.getByRole('textbox', { name: 'Edit note' });
  await editor.fill('## Sampling plan\nCounted at dusk');
  await app.details.getByRole('button', { name: 'Save note' }).click();
  await expect(noteItem(app, 'Sampling plan').getByTestId('note-rendered')).toContainText('Counted at dusk');
  await noteItem(app, `Compare the zebrafish ${word} study`).getByRole('button', { name: /^Delete note/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(app.details.getByRole('status').filter({ hasText: 'deleted' })).toContainText(`Note “Compare the zebrafish ${word} study” deleted.`);
  await app.details.getByRole('button', { name: 'Undo' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.locator('.note-title-text')).toHaveText([`Compare the zebrafish ${word} study`, 'Sampling plan']);
});
