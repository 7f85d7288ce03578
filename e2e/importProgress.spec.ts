// The import panel's counts follow the work: six PDFs dropped on the window, and every change
// of the panel recorded in the page as it happens (a MutationObserver, so no state between
// two polls is missed). The count of files read and then of files imported rises one file
// at a time before the batch ends, and each row says what is happening to its file.
import { expect, test } from '@playwright/test';
import { LibraryWindow, SCREENSHOTS } from './app.ts';
import { dropFiles, freshPdf } from './dropFiles.ts';

interface PanelState { heading: string; statuses: string[]; at: number }
type Recorder = { panelLog: PanelState[] };

test('the import panel counts each file as it is read and imported, before the batch ends', async ({ page }) => {
  test.setTimeout(240_000);
  await LibraryWindow.open(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => {
    const log: PanelState[] = [];
    (window as unknown as Recorder).panelLog = log;
    const t0 = performance.now();
    new MutationObserver(() => {
      const heading = document.querySelector('[data-testid="import-panel"] [role="status"]')?.textContent ?? '';
      const statuses = [...document.querySelectorAll<HTMLElement>('[data-testid="import-panel"] .import-row')].map((row) => row.dataset.status!);
      const last = log.at(-1);
      if (heading && (last?.heading !== heading || last.statuses.join() !== statuses.join())) log.push({ heading, statuses, at: Math.round(performance.now() - t0) });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
  });

  const names = ['survival-approximate.pdf', 'rcpp-extending.pdf', 'actuar-intro.pdf'];
  const files = [...names, ...names].map((name, i) => ({ name: `${i + 1}-${name}`, bytes: freshPdf(name), type: 'application/pdf' }));
  await dropFiles(page, files);
  // The held-duplicates dialog may be open over it at the end (the library has these papers): read the panel by CSS.
  const heading = page.locator('[data-testid="import-panel"] [role="status"]');
  await expect(heading).toHaveText(/^Import finished/, { timeout: 180_000 });
  const log = await page.evaluate(() => (window as unknown as Recorder).panelLog);
  console.log(log.map((s) => `${s.at} ms  ${s.heading}  [${s.statuses.join(' ')}]`).join('\n'));

  const total = files.length;
  const counts = (pattern: RegExp) => log.map((s) => pattern.exec(s.heading)).filter((m): m is RegExpExecArray => !!m).map((m) => Number(m[1]));
  // Read one by one: 0, 1, … 6 of 6, each row "reading" in its turn.
  expect([...new Set(counts(/^Reading files… (\d+) of 6$/))]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(log.some((s) => s.statuses[2] === 'reading' && s.statuses[0] === 'waiting' && s.statuses[5] === 'waiting')).toBe(true);
  // Imported one by one: the count went through every step before the end, each file marked while at work.
  expect([...new Set(counts(/^Importing… (\d+) of 6$/))].filter((n) => n > 0 && n < total)).toEqual([1, 2, 3, 4, 5]);
  expect(log.some((s) => s.heading.startsWith('Importing…') && s.statuses.includes('importing'))).toBe(true);
  // Finished: every row says what became of its file.
  expect(log.at(-1)!.statuses.every((status) => !['waiting', 'reading', 'importing'].includes(status))).toBe(true);
});

test('the import panel while files are being imported, in light and dark', async ({ page }) => {
  test.setTimeout(240_000);
  for (const [theme, size] of [['light', { width: 1440, height: 900 }], ['dark', { width: 1024, height: 700 }]] as const) {
    await page.setViewportSize(size);
    await LibraryWindow.open(page);
    await page.emulateMedia({ colorScheme: theme });
    const names = ['rcpp-extending.pdf', 'survival-approximate.pdf', 'actuar-intro.pdf'];
    await dropFiles(page, names.map((name, i) => ({ name: `${theme}-${i + 1}-${name}`, bytes: freshPdf(name), type: 'application/pdf' })));
    const panel = page.getByTestId('import-panel');
    await expect(panel.locator('[data-status="importing"]')).toHaveCount(1, { timeout: 120_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/import-progress-${size.width}x${size.height}-${theme}.png`, caret: 'hide', animations: 'disabled' });
    await expect(page.locator('[data-testid="import-panel"] [role="status"]')).toHaveText(/^Import finished/, { timeout: 180_000 });
    // The library holds these papers: they are held as likely duplicates; skipping them clears the way.
    await page.getByTestId('held-duplicates').getByRole('button', { name: /^Skip( all)?$/ }).click();
    await expect(page.getByTestId('held-duplicates')).toBeHidden();
  }
});
