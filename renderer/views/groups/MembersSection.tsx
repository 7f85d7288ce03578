// A group's members and followers with their roles; owners and admins make admins, make
// admins members again, and remove people (never the owner).
import { useState } from 'react';
import type { GroupMemberView } from '../../../shared/bridge/contract.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { isManager, roleLabel } from './groupLabels.ts';
import { Outcome } from './Outcome.tsx';
import { useAction, useLoaded } from './useRemote.ts';
import { useGroupsStore } from './groupsStore.ts';

export function MembersSection({ groupId, myRole, myId, version }: { groupId: string; myRole: string | undefined; myId: string | undefined; version: number }) {
  const groups = useGroupsStore();
  const [query, setQuery] = useState('');
  const members = useLoaded(() => groups.members({ id: groupId, ...(query.trim() ? { query: query.trim() } : {}) }), `${groupId}|${query.trim()}|${version}`);
  const action = useAction();
  const [removing, setRemoving] = useState<GroupMemberView | null>(null);
  const manage = isManager(myRole);

  const setRole = (member: GroupMemberView, role: 'admin' | 'normal') => action.run(
    () => groups.setRole({ id: groupId, profileId: member.profileId, role }),
    role === 'admin' ? `${member.name} is now an admin.` : `${member.name} is now a member.`,
    members.reload,
  );

  return (
    <section className="groups-section" aria-labelledby="members-heading">
      <div className="section-head">
        <h3 id="members-heading" className="section-title">Members</h3>
        <input className="input member-search" type="search" placeholder="Filter by name" aria-label="Filter members by name" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {members.error ? <p className="outcome error" role="alert">{members.error}</p> : null}
      {members.loading && !members.value ? <p className="muted">Loading members…</p> : null}
      {members.value && members.value.length === 0 ? <p className="muted">{query.trim() ? `Nobody’s name contains “${query.trim()}”.` : 'No members.'}</p> : null}
      <table className="member-table" aria-label="Members and roles">
        <tbody>
          {(members.value ?? []).map((member) => {
            const mine = member.profileId === myId;
            const canChange = manage && !mine && member.role !== 'owner';
            return (
              <tr key={member.profileId} data-testid="member-row">
                <td className="member-name">{member.name}{mine ? <span className="muted"> (you)</span> : null}</td>
                <td><span className={`role-badge role-${member.role}`}>{roleLabel(member.role)}</span></td>
                <td className="member-actions"><div className="row-actions">
                  {canChange && member.role === 'normal' ? <button type="button" className="button small" disabled={action.busy} onClick={() => void setRole(member, 'admin')}>Make admin</button> : null}
                  {canChange && member.role === 'admin' ? <button type="button" className="button small" disabled={action.busy} onClick={() => void setRole(member, 'normal')}>Make member</button> : null}
                  {canChange ? <button type="button" className="button small" disabled={action.busy} onClick={() => setRemoving(member)}>Remove…</button> : null}
                </div></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Outcome action={action} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''} from the group?`}
        body="They lose access to the group’s library at once; their own library is not touched."
        confirmLabel="Remove"
        onConfirm={() => { const m = removing; if (m) void action.run(() => groups.removeMember({ id: groupId, profileId: m.profileId }), `${m.name} was removed.`, members.reload); }}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
