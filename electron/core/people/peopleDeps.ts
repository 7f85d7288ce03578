// What the people, groups and vocabulary handlers need from the core.
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { EventHub } from '../commands/eventHub.ts';
import type { AccountControl, SyncControl } from '../commands/controls.ts';
import type { Replica } from '../replica/index.ts';

export interface PeopleDeps {
  /** The service, signed in as the account. */
  api: LibraryApi;
  replica: Replica;
  account: Pick<AccountControl, 'status'>;
  sync: Pick<SyncControl, 'requestSync'>;
  events: EventHub;
}

/** These commands ask the service: say so plainly when there is nobody to ask as. */
export function requireSignedIn(deps: PeopleDeps): void {
  if (!deps.account.status().signedIn) throw new BridgeFailure('signed_out', 'Sign in to see groups and people');
}

/** Every item of a paged listing. */
export async function allPages<T>(pages: AsyncIterable<{ items: T[] }>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page.items);
  return items;
}
