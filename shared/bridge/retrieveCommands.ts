// "Retrieve metadata" for selected documents: extraction from the PDF and the catalog lookup
// run again, and what they would change is shown before anything is written.
interface Command<Req, Res> {
  request: Req;
  response: Res;
}

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface MetadataPreview {
  documentId: string;
  title: string;
  /** changes: something to apply; unchanged: nothing new was found; failed: see message. */
  status: 'changes' | 'unchanged' | 'failed';
  changes: FieldChange[];
  /** Why the catalog could not be asked (offline, its upstream down), or what failed. */
  message?: string;
}

export interface RetrieveCommands {
  /** Re-reads each document's PDF and asks the catalog (which resolves identifiers upstream); writes nothing. */
  'metadata.preview': Command<{ documentIds: string[] }, MetadataPreview[]>;
  /** Writes the new values the preview showed (the user may have left some out). */
  'metadata.apply': Command<{ changes: { documentId: string; fields: Record<string, unknown> }[] }, { updated: string[] }>;
}

export const RETRIEVE_COMMAND_NAMES = ['metadata.preview', 'metadata.apply'] as const satisfies readonly (keyof RetrieveCommands)[];
