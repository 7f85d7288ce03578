// Related items: "Add related…" in the details pane links two documents both ways; a title
// selects the other document; removing the link from one side removes it from both; the
// trash hides a link until the document is restored.
import { expect, test } from '@playwright/test';
import { LibraryWindow, unique } from './app.ts';
import { nodeBridge } from './nodeBridge.ts';

test('relate A and B: B lists A; removing it from B leaves A without B', async ({ page }) => {
  const bridge = await nodeBridge();
  const word = unique('Otter').split(' ')[1]!;
  const a = `Otter ${word} diet in estuaries`;
  const b = `Otter ${word} diet replication`;
  await bridge.call('documents.create', { title: a, type: 'journal', year: 2011 });
  const bDoc = await bridge.call('documents.create', { title: b, type: 'journal', year: 2019 });
  const app = await LibraryWindow.open(page);
  const related = app.details.getByRole('list', { name: 'Related documents' });
  const options = app.details.getByRole('listbox', { name: 'Documents to relate' }).getByRole('option');

  await app.selectOnly(a);
  await expect(app.details.getByText('No related documents.')).toBeVisible();
  await app.details.getByRole('button', { name: 'Add related…' }).click();
  const find = app.details.getByRole('combobox', { name: 'Find a document to relate' });
  await expect(find).toBeFocused();
  await find.fill(`${word} replication`);
  await expect(options.filter({ hasText: b })).toBeVisible();
  // The document itself is never offered.
  await find.fill(word);
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await find.press('Enter');
  await expect(related.getByRole('button', { name: `${b} (2019)` })).toBeVisible();

  // The title selects B; B lists A.
  await related.getByRole('button', { name: `${b} (2019)` }).click();
  await expect(app.field('Title')).toHaveValue(b);
  await expect(app.row(b)).toHaveAttribute('aria-selected', 'true');
  await expect(related.getByRole('button', { name: `${a} (2011)` })).toBeVisible();

  // The trash hides the link; a restore brings it back.
  await bridge.call('documents.trash', { id: bDoc.id });
  await app.selectOnly(a);
  await expect(app.details.getByText('No related documents.')).toBeVisible();
  await bridge.call('documents.restore', { id: bDoc.id });
  await expect(related.getByRole('button', { name: `${b} (2019)` })).toBeVisible();

  // Removed from B's side: gone from A's too.
  await related.getByRole('button', { name: `${b} (2019)` }).click();
  await expect(app.field('Title')).toHaveValue(b);
  await app.details.getByRole('button', { name: `Remove the relation to ${a}` }).click();
  await expect(app.details.getByText('No related documents.')).toBeVisible();
  await app.selectOnly(a);
  await expect(app.details.getByText('No related documents.')).toBeVisible();
  await expect(related.getByRole('button')).toHaveCount(0);
  expect(await bridge.call('relations.list', { documentId: bDoc.id })).toEqual([]);
});
