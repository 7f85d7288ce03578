// A push replaces a new row's temporary `local:` id with the service's, while the window
// may still hold the old one (a selection, an open dialog, a reader tab). Every command's
// request is read with the ids it names brought up to date first, so no command fails with
// "not in the library" for a row that is there under its new id.
import { isLocalId } from '../replica/index.ts';
import type { Handlers } from './dispatch.ts';

export interface IdAliases {
  currentIdOf(id: string): string | undefined;
}

/** The request with every replaced local id swapped for the current one (copied only where changed). */
export function withCurrentIds(value: unknown, aliases: IdAliases): unknown {
  if (typeof value === 'string') return isLocalId(value) ? aliases.currentIdOf(value) ?? value : value;
  if (Array.isArray(value)) {
    const mapped = value.map((item) => withCurrentIds(item, aliases));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const mapped = withCurrentIds(item, aliases);
      if (mapped !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = mapped;
    }
    return copy ?? value;
  }
  return value;
}

export function resolveLocalIds(handlers: Handlers, aliases: IdAliases): Handlers {
  const resolved: Record<string, (request: unknown) => unknown> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, (request: unknown) => unknown][]) {
    resolved[name] = (request) => handler(withCurrentIds(request, aliases));
  }
  return resolved as unknown as Handlers;
}
