// Every handler of the catalog and dataset commands, for createHandlers to spread.
import type { CatalogCommands } from '../../../shared/bridge/catalogCommands.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import type { CatalogDeps } from './catalogDeps.ts';
import { catalogAddHandlers } from './catalogAdd.ts';
import { catalogHandlers } from './catalogHandlers.ts';
import { datasetHandlers } from './datasetHandlers.ts';
import { UploadStaging } from './uploadStaging.ts';

export function catalogCommandHandlers(deps: CatalogDeps): HandlersOf<CatalogCommands> {
  const staging = new UploadStaging(deps.uploadsDir);
  return { ...catalogHandlers(deps), ...catalogAddHandlers(deps), ...datasetHandlers(deps, staging) };
}
