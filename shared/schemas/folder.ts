// Folders group documents of one library (personal or a group's) into a tree.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';

export const FOLDER_NAME_MAX = 255;

/** 1..255 characters, not only white space. */
export const FolderName = Type.String({ minLength: 1, maxLength: FOLDER_NAME_MAX, pattern: '\\S' });

const Id = Type.String({ minLength: 1, maxLength: 100 });

export const Folder = Type.Object({
  id: Type.String(),
  name: Type.String(),
  parent_id: Type.Optional(Type.String()),
  group_id: Type.Optional(Type.String()),
  created: Type.String(),
  modified: Type.String(),
});
export type Folder = Static<typeof Folder>;

export const FolderCreate = Type.Object(
  {
    name: FolderName,
    parent_id: Type.Optional(Nullable(Id)),
    group_id: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type FolderCreate = Static<typeof FolderCreate>;

/** parent_id null moves the folder to the top level of its library. */
export const FolderPatch = Type.Object(
  {
    name: Type.Optional(FolderName),
    parent_id: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type FolderPatch = Static<typeof FolderPatch>;

/** Body of POST /folders/{id}/documents. */
export const FolderDocumentLink = Type.Object({ id: Id });
export type FolderDocumentLink = Static<typeof FolderDocumentLink>;

export const FoldersQuery = Type.Object({
  group_id: Type.Optional(Id),
});
