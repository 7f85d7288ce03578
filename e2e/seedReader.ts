// Documents with real PDFs for the reader's e2e tests: the bytes go into the core's file
// store (content-addressed, so a second store on the same directory sees them) and a files
// row ties them to a document in the replica, the way an import does.
import path from 'node:path';
import type { FileStore } from '../electron/core/files/fileStore.ts';
import type { Replica } from '../electron/core/replica/index.ts';

const FIXTURES = 'shared/node/pdf/fixtures';

export const READER_DOCUMENTS = [
  { title: 'Introduction to actuar, reading copy', file: 'actuar-intro.pdf', authors: [{ last_name: 'Dutang', first_name: 'Christophe' }, { last_name: 'Goulet', first_name: 'Vincent' }, { last_name: 'Pigeon', first_name: 'Mathieu' }] },
  { title: 'Rcpp Extending', file: 'rcpp-extending.pdf', authors: [{ last_name: 'Eddelbuettel', first_name: 'Dirk' }, { last_name: 'François', first_name: 'Romain' }] },
  // The reader-marks tests' own copy: the import test adds another "Rcpp Extending".
  { title: 'Rcpp Extending, marks copy', file: 'rcpp-extending.pdf', authors: [{ last_name: 'Eddelbuettel', first_name: 'Dirk' }, { last_name: 'François', first_name: 'Romain' }] },
] as const;

export async function seedReaderDocuments(replica: Replica, fileStore: FileStore): Promise<void> {
  for (const seed of READER_DOCUMENTS) {
    const doc = replica.createDocument({ type: 'journal', title: seed.title, authors: seed.authors.map((a) => ({ ...a })), confirmed: true });
    const stored = await fileStore.put({ path: path.join(FIXTURES, seed.file) });
    replica.addFile({ document_id: doc.id, filehash: stored.sha1, file_name: seed.file, mime_type: 'application/pdf', size: stored.size, local_path: fileStore.pathOf(stored.sha1) });
  }
}
