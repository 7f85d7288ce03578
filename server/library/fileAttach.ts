// Attaching uploaded bytes to a document: shared by POST /files and by POST /documents
// with file bytes. Implemented by the files area (filesRoutes.ts and its store).
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../context.ts';

export interface AttachFileInput {
  documentId: string;
  profileId: string;
  groupId: string | null;
  /** Bytes of the file: a request stream or a buffer. */
  body: Readable | Buffer;
  mimeType: string;
  /** Name the client gave in Content-Disposition, if any. */
  clientFileName?: string;
  /** The id to give the file (one an idempotency key reserved); a new one otherwise. */
  id?: string;
}

export interface AttachedFile {
  id: string;
  document_id: string;
  mime_type: string;
  file_name: string;
  size: number;
  filehash: string;
}

export type AttachFile = (ctx: ServiceContext, input: AttachFileInput) => Promise<AttachedFile>;
