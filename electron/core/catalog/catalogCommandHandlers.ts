// Every handler of the catalog and dataset commands, for createHandlers to spread.
import path from 'node:path';
import type { CatalogCommands } from '../../../shared/bridge/catalogCommands.ts';
import type { HandlersOf } from '../bridge/dispatch.ts';
import type { HandlerDeps } from '../bridge/handlers.ts';
import { catalogAddHandlers } from './catalogAdd.ts';
import { catalogHandlers } from './catalogHandlers.ts';
import { datasetHandlers } from './datasetHandlers.ts';
import { UploadStaging } from './uploadStaging.ts';

export function catalogCommandHandlers(deps: HandlerDeps): HandlersOf<CatalogCommands> {
  // Staged uploads live beside the file store, on the same disk as the app's data.
  const staging = new UploadStaging(path.join(path.dirname(deps.fileStore.root), 'dataset-uploads'));
  return { ...catalogHandlers(deps), ...catalogAddHandlers(deps), ...datasetHandlers(deps, staging) };
}
