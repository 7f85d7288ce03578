// The core's check before any write to a group's library: only owners, admins and members
// change it; a follower (or someone no longer in the group) is refused with 'forbidden' and
// a message saying why, before the replica or the outbox is touched, so nothing the user
// already has is lost and nothing is queued that the service would refuse.
import type { CommandName } from '../../../shared/bridge/contract.ts';
import type { Handlers } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { Replica } from '../replica/index.ts';
import { canWriteGroupLibrary } from './groupRoles.ts';
import { targetGroupId } from '../import/importTarget.ts';

type Body = Record<string, unknown>;
type GroupOf = (replica: Replica, body: Body) => string | null | undefined;

const text = (body: Body, field: string): string | undefined => (typeof body[field] === 'string' ? (body[field] as string) : undefined);
const documentGroup = (replica: Replica, id: string | undefined) => (id ? replica.getDocument(id)?.group_id : undefined);
const folderGroup = (replica: Replica, id: string | undefined) => (id ? replica.getFolder(id)?.group_id : undefined);

/** Where each write command writes: the group id, or null/undefined for the personal library or an unknown target. */
const WRITES: Partial<Record<CommandName, GroupOf>> = {
  'documents.create': (_, body) => text(body, 'group_id'),
  'documents.update': (replica, body) => documentGroup(replica, text(body, 'id')),
  'documents.trash': (replica, body) => documentGroup(replica, text(body, 'id')),
  'documents.restore': (replica, body) => documentGroup(replica, text(body, 'id')),
  'documents.delete': (replica, body) => documentGroup(replica, text(body, 'id')),
  'documents.copyToGroup': (_, body) => text(body, 'groupId'),
  'import.paths': (replica, body) => targetGroupId(replica, { folderId: text(body, 'folderId'), groupId: text(body, 'groupId') }),
  'folders.create': (_, body) => text(body, 'group_id'),
  'folders.rename': (replica, body) => folderGroup(replica, text(body, 'id')),
  'folders.move': (replica, body) => folderGroup(replica, text(body, 'id')),
  'folders.delete': (replica, body) => folderGroup(replica, text(body, 'id')),
  'folders.addDocument': (replica, body) => folderGroup(replica, text(body, 'folderId')),
  'folders.removeDocument': (replica, body) => folderGroup(replica, text(body, 'folderId')),
  'annotations.create': (replica, body) => documentGroup(replica, text(body, 'document_id')),
  'annotations.update': (replica, body) => {
    const id = text(body, 'id');
    return id ? replica.getAnnotation(id)?.group_id : undefined;
  },
  'annotations.delete': (replica, body) => {
    const id = text(body, 'id');
    return id ? replica.getAnnotation(id)?.group_id : undefined;
  },
};

/** Throws 'forbidden' when the user may not change this group's library. */
export function assertGroupWritable(replica: Replica, groupId: string): void {
  const group = replica.listGroups().find((g) => g.id === groupId);
  if (!group) throw new BridgeFailure('forbidden', 'You are not in this group (any more), so its library cannot be changed here');
  if (!canWriteGroupLibrary(group.role)) {
    const how = group.role === 'follower' ? 'follow' : 'can only read';
    throw new BridgeFailure('forbidden', `You ${how} “${group.name}”: its library is read-only for you. Ask an owner or admin to make you a member to add or change references.`);
  }
}

export function guardGroupWrites(handlers: Handlers, replica: Replica): Handlers {
  const guarded = { ...handlers } as Record<CommandName, (request: unknown) => unknown>;
  for (const [command, groupOf] of Object.entries(WRITES) as [CommandName, GroupOf][]) {
    const inner = handlers[command] as (request: unknown) => unknown;
    guarded[command] = (request: unknown) => {
      if (request && typeof request === 'object' && !Array.isArray(request)) {
        const groupId = groupOf(replica, request as Body);
        if (groupId) assertGroupWritable(replica, groupId);
      }
      return inner(request);
    };
  }
  return guarded as Handlers;
}
