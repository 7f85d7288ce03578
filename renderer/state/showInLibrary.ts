// "Show in library" from anywhere (a reader tab, a catalog result, a narrowed list): the
// library tab, its whole list, scrolled to the document and with it selected.
import type { Stores } from './context.tsx';

export async function showInLibrary({ app, library }: Pick<Stores, 'app' | 'library'>, documentId: string): Promise<void> {
  app.getState().setView('library');
  await library.getState().reveal(documentId);
}
