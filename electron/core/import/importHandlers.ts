// The import area's bridge commands over the importer: each request checked field by field
// before anything is read or written.
import type { ExportFormat, ExportScope, ImportCommands } from '../../../shared/bridge/contract.ts';
import type { HandlersOf } from '../bridge/dispatch.ts';
import { BridgeFailure } from '../bridge/errors.ts';
import { requiredObject, stringField, stringList } from '../bridge/requestChecks.ts';
import type { Replica } from '../replica/replica.ts';
import { exportBibliography } from './bibliographyExport.ts';
import type { Importer } from './importer.ts';

const FORMATS: readonly ExportFormat[] = ['bibtex', 'ris'];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

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
      return importer.importPaths(paths, { folderId: optionalString(body, 'folderId') });
    },
    'import.identifier': (request) => {
      const body = requiredObject(request, 'import.identifier');
      return importer.importIdentifier(stringField(body, 'identifier'), optionalString(body, 'folderId'));
    },
    'import.lookupNow': () => importer.lookupNow(),
    'staging.write': (request) => {
      const body = requiredObject(request, 'staging.write');
      const chunk = body.chunkBase64;
      if (typeof chunk !== 'string' || !BASE64.test(chunk)) throw new BridgeFailure('invalid', 'chunkBase64 must be base64 text', 'chunkBase64');
      if (body.last !== undefined && typeof body.last !== 'boolean') throw new BridgeFailure('invalid', 'last must be true or false', 'last');
      return importer.staging.write({ token: optionalString(body, 'token'), name: stringField(body, 'name'), bytes: Buffer.from(chunk, 'base64'), last: body.last === true });
    },
    'export.bibliography': (request) => {
      const body = requiredObject(request, 'export.bibliography');
      const format = body.format as ExportFormat;
      if (!FORMATS.includes(format)) throw new BridgeFailure('invalid', `format must be one of ${FORMATS.join(', ')}`, 'format');
      return exportBibliography(replica, { format, scope: exportScope(body.scope), path: optionalString(body, 'path') });
    },
  };
}
