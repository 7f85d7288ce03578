// Library files and file content tickets (spec "File (library)", "File content ticket").
import { Type, type Static } from 'typebox';
import { IsoTimestamp } from './common.ts';

export const LibraryFile = Type.Object({
  id: Type.String(),
  document_id: Type.String(),
  /** Generated from the document: `<year>-<Title_with_underscores>.<ext>`. */
  file_name: Type.String(),
  mime_type: Type.String(),
  /** SHA-1 of the bytes, hex. */
  filehash: Type.String(),
  size: Type.Integer({ minimum: 0 }),
});
export type LibraryFile = Static<typeof LibraryFile>;

/** Body of POST /files with the file-link media type: bytes uploaded before as a ticket. */
export const FileLinkBody = Type.Object({
  file_content_ticket: Type.String({ minLength: 1, maxLength: 100 }),
});
export type FileLinkBody = Static<typeof FileLinkBody>;

/**
 * Body of POST /file_contents with the file-hash media type: the caller proves it holds
 * bytes the service already has. signature = sha256_hex(profile_id + bytes).
 */
export const FileHashBody = Type.Object({
  file_hash: Type.String({ maxLength: 200 }),
  signature: Type.String({ maxLength: 200 }),
});
export type FileHashBody = Static<typeof FileHashBody>;

export const ContentTicket = Type.Object({ id: Type.String() });
export type ContentTicket = Static<typeof ContentTicket>;

export const FilesQuery = Type.Object({
  document_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  group_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  catalog_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  added_since: Type.Optional(IsoTimestamp),
  deleted_since: Type.Optional(IsoTimestamp),
});
export type FilesQuery = Static<typeof FilesQuery>;

/** An item of GET /files?deleted_since=. */
export const DeletedFile = Type.Object({ id: Type.String() });
