// Every handler of the catalog and dataset commands, for createHandlers to spread.
import type { CatalogCommands } from '../../../shared/bridge/catalogCommands.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import type { CatalogDeps } from './catalogDeps.ts';
import { catalogAddHandlers } from './catalogAdd.ts';
import { catalogHandlers } from './catalogHandlers.ts';
import { datasetHandlers } from './datasetHandlers.ts';

export function catalogCommandHandlers(deps: CatalogDeps): HandlersOf<CatalogCommands> {
  return { ...catalogHandlers(deps), ...catalogAddHandlers(deps), ...datasetHandlers(deps) };
}
