// Files dropped on the library window the way a person drops them (File objects in a
// DataTransfer, through real drag events), and fixture PDFs made files of their own.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export const FIXTURES = 'shared/node/pdf/fixtures';

/** Dispatches dragenter, dragover and drop on the list with these files, as a person dropping them would. */
export async function dropFiles(page: Page, files: { name: string; bytes: Buffer; type: string }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') }));
  await page.evaluate((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const binary = atob(item.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    const target = document.querySelector('[data-testid="document-list"]')!;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }
  }, payload);
}

/**
 * A fixture PDF made a file of its own: a comment after its end changes its SHA-1, not what
 * it says (the e2e library already holds the plain fixtures for the reader's tests).
 */
export function freshPdf(name: string): Buffer {
  return Buffer.concat([readFileSync(`${FIXTURES}/${name}`), Buffer.from(`\n% e2e copy ${Date.now()} ${Math.random()}\n`)]);
}

