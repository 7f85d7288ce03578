// Which roles may change a group's library. The service decides in the end; the core asks
// the same question first so that a follower's edit is refused at once, with a reason, and
// never sits in the outbox to be refused later.
const WRITER_ROLES = new Set(['owner', 'admin', 'normal', 'member']);

export function canWriteGroupLibrary(role: string | null | undefined): boolean {
  return role !== null && role !== undefined && WRITER_ROLES.has(role);
}
