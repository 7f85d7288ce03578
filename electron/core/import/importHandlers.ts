// The import area's bridge commands over the importer: each request checked field by field
// before anything is read or written.
import type { DuplicateChoice, DuplicatePolicy, ExportFormat, ExportScope, ImportCommands } from '../../../shared/bridge/contract.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { MAX_CHUNK_BYTES } from '../files/stagingArea.ts';
import { decodeBase64Chunk } from '../commands/base64Chunk.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { requiredObject, stringField, stringList } from '../commands/requestChecks.ts';
import type { Replica } from '../replica/index.ts';
import { exportBibliography } from './bibliographyExport.ts';
import type { Importer } from './importer.ts';

const FORMATS: readonly ExportFormat[] = ['bibtex', 'ris'];
const CHOICES: readonly DuplicateChoice[] = ['add', 'merge', 'skip'];

/** 'ask' holds likely duplicates for the user; absent or 'add' adds everything. */
function duplicatePolicy(body: Record<string, unknown>): DuplicatePolicy {
  if (body.duplicates === undefined || body.duplicates === 'add') return 'add';
  if (body.duplicates === 'ask') return 'ask';
  throw new BridgeFailure('invalid', 'duplicates must be "ask" or "add"', 'duplicates');
}

function decisionsOf(body: Record<string, unknown>): { heldId: string; choice: DuplicateChoice }[] {
  if (!Array.isArray(body.decisions) || !body.decisions.length) throw new BridgeFailure('invalid', 'decisions must list at least one held item', 'decisions');
  return body.decisions.map((value: unknown) => {
    const decision = requiredObject(value, 'decisions');
    const choice = decision.choice as DuplicateChoice;
    if (!CHOICES.includes(choice)) throw new BridgeFailure('invalid', `choice must be one of ${CHOICES.join(', ')}`, 'decisions');
    return { heldId: stringField(decision, 'heldId'), choice };
  });
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  return body[field] === undefined ? undefined : stringField(body, field);
}

/** A request's scope checked: {ids}, {folderId} or {library: true} (the citing area's too). */
export function exportScope(value: unknown): ExportScope {
  const scope = requiredObject(value, 'scope');
  if (scope.ids !== undefined) return { ids: stringList(scope, 'ids') };
  if (scope.folderId !== undefined) return { folderId: stringField(scope, 'folderId') };
  if (scope.library === true) return { library: true };
  throw new BridgeFailure('invalid', 'scope must be {ids}, {folderId} or {library: true}', 'scope');
}

export function importHandlers(deps: { importer: Importer; replica: Replica }): HandlersOf<ImportCommands> {
  const { importer, replica } = deps;
  return {
    'import.paths': (request) => {
      const body = requiredObject(request, 'import.paths');
      const paths = stringList(body, 'paths');
      if (!paths.length) throw new BridgeFailure('invalid', 'paths must name at least one file or folder', 'paths');
      return importer.importPaths(paths, { folderId: optionalString(body, 'folderId'), groupId: optionalString(body, 'groupId'), duplicates: duplicatePolicy(body) });
    },
    'import.identifier': (request) => {
      const body = requiredObject(request, 'import.identifier');
      return importer.importIdentifier(stringField(body, 'identifier'), optionalString(body, 'folderId'), duplicatePolicy(body));
    },
    'import.resolveDuplicates': (request) => importer.resolveDuplicates(decisionsOf(requiredObject(request, 'import.resolveDuplicates'))),
    'import.lookupNow': () => importer.lookupNow(),
    'staging.write': async (request) => {
      const body = requiredObject(request, 'staging.write');
      const bytes = decodeBase64Chunk(body.chunkBase64, 'chunkBase64', MAX_CHUNK_BYTES);
      if (body.last !== undefined && typeof body.last !== 'boolean') throw new BridgeFailure('invalid', 'last must be true or false', 'last');
      if (body.offset !== undefined && typeof body.offset !== 'number') throw new BridgeFailure('invalid', 'offset must be a number', 'offset');
      const { staging } = importer;
      const token = optionalString(body, 'token') ?? staging.begin(stringField(body, 'name')).token;
      await staging.append(token, bytes, body.offset as number | undefined);
      return body.last === true ? { token, path: (await staging.finish(token)).path } : { token };
    },
    'export.bibliography': (request) => {
      const body = requiredObject(request, 'export.bibliography');
      const format = body.format as ExportFormat;
      if (!FORMATS.includes(format)) throw new BridgeFailure('invalid', `format must be one of ${FORMATS.join(', ')}`, 'format');
      return exportBibliography(replica, { format, scope: exportScope(body.scope), path: optionalString(body, 'path') });
    },
  };
}
