// One group: what it is, my role and what I may do (open its library, join, follow, ask to
// join, leave, delete), its members, and for owners and admins invitations and requests.
import { useState } from 'react';
import type { Group } from '../../../shared/bridge/contract.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useApp, useStores } from '../../state/context.tsx';
import { ACCESS_LABELS, isManager, isMember, roleLabel } from './groupLabels.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { InviteSection } from './InviteSection.tsx';
import { JoinRequestsSection } from './JoinRequestsSection.tsx';
import { MembersSection } from './MembersSection.tsx';
import { Outcome } from './Outcome.tsx';
import { useAction } from './useRemote.ts';
import { useGroupsStore } from './groupsStore.ts';

interface Props {
  group: Group;
  myId: string | undefined;
  /** My groups changed (joined, left, roles): reload them. */
  onChanged(): Promise<void>;
}

export function GroupPanel({ group, myId, onChanged }: Props) {
  const { library, app } = useStores();
  const groups = useGroupsStore();
  const setView = useApp((s) => s.setView);
  const action = useAction();
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const [askMessage, setAskMessage] = useState('');
  const [version, setVersion] = useState(0);
  const role = group.role;
  const member = isMember(role);
  const access = group.access_level ?? 'private';
  const name = `“${group.name}”`;
  const changed = async () => { setVersion((v) => v + 1); await onChanged(); };

  /** A group just joined or created reaches the replica with a sync: run it first, then show the library. */
  const openLibrary = () => action.run(async () => {
    const failure = await app.getState().syncNow();
    await library.getState().loadGroups();
    if (!library.getState().groups.some((g) => g.id === group.id)) throw new Error(failure ?? 'The group’s library has not reached this computer yet; try again in a moment.');
    library.getState().setCollection({ kind: 'group', id: group.id });
    setView('library');
  });

  return (
    <article className="group-panel" aria-labelledby="group-title">
      <header className="group-header">
        <div>
          <h2 id="group-title" className="group-title">{group.name}</h2>
          <p className="muted">
            <span className="access-badge">{ACCESS_LABELS[access].label}</span> {ACCESS_LABELS[access].hint}
          </p>
          {group.description ? <p className="group-description">{group.description}</p> : null}
          <p className="my-role">Your role: <strong>{roleLabel(role)}</strong>{role === 'follower' ? ' — you read its library; members add to it.' : ''}</p>
        </div>
        <div className="group-actions">
          {member || role === 'follower' ? <button type="button" className="button primary" disabled={action.busy} onClick={() => void openLibrary()}><Icon name="library" /> Open library</button> : null}
          {!member && access === 'public' ? (
            <button type="button" className="button primary" disabled={action.busy} onClick={() => void action.run(() => groups.join({ id: group.id }), `You joined ${name}. Its library appears in the sidebar after the next sync.`, changed)}>Join</button>
          ) : null}
          {!member && role !== 'follower' && access !== 'private' ? (
            <button type="button" className="button" disabled={action.busy} onClick={() => void action.run(() => groups.follow({ id: group.id }), `You follow ${name}: its library appears read-only in the sidebar.`, changed)}>Follow</button>
          ) : null}
          {role === 'follower' ? (
            <button type="button" className="button" disabled={action.busy} onClick={() => void action.run(() => groups.unfollow({ id: group.id }), `You no longer follow ${name}.`, changed)}>Unfollow</button>
          ) : null}
          {isManager(role) ? <button type="button" className="button" onClick={() => setEditing(true)}>Edit…</button> : null}
          {member && role !== 'owner' ? <button type="button" className="button" onClick={() => setConfirm('leave')}>Leave…</button> : null}
          {role === 'owner' ? <button type="button" className="button" onClick={() => setConfirm('delete')}>Delete group…</button> : null}
        </div>
      </header>
      {editing ? <GroupDialog open group={group} onClose={() => setEditing(false)} onSaved={() => void changed()} /> : null}

      {!member && access === 'invite_only' ? (
        <form className="ask-form" onSubmit={(e) => { e.preventDefault(); void action.run(() => groups.askToJoin({ id: group.id, ...(askMessage.trim() ? { message: askMessage.trim() } : {}) }), `Request sent. An owner or admin of ${name} will answer it.`); }}>
          <label className="field-label" htmlFor="ask-message">This group is invite only. Ask to join, with a note for its admins (optional):</label>
          <div className="inline-form">
            <input id="ask-message" className="input" maxLength={2000} value={askMessage} onChange={(e) => setAskMessage(e.target.value)} />
            <button type="submit" className="button" disabled={action.busy}>Ask to join</button>
          </div>
        </form>
      ) : null}
      <Outcome action={action} />

      {isManager(role) ? <InviteSection groupId={group.id} /> : null}
      {isManager(role) ? <JoinRequestsSection groupId={group.id} onAnswered={() => setVersion((v) => v + 1)} /> : null}
      <MembersSection groupId={group.id} myRole={role} myId={myId} version={version} />

      <ConfirmDialog
        open={confirm === 'leave'}
        title={`Leave ${name}?`}
        body="Its library leaves this computer at once. To come back you need to join again or be invited."
        confirmLabel="Leave group"
        onConfirm={() => void action.run(() => groups.leave({ id: group.id }), `You left ${name}.`, changed)}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={`Delete ${name} for everyone?`}
        body="The group and its shared library are deleted for every member. This cannot be undone."
        confirmLabel="Delete group"
        onConfirm={() => void action.run(() => groups.delete({ id: group.id }), `${name} was deleted.`, changed)}
        onClose={() => setConfirm(null)}
      />
    </article>
  );
}
