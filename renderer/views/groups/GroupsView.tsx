// The Groups tab: my groups (and the invitations waiting for me) on the left, public groups
// to discover below them, and the chosen group on the right.
import { useMemo, useState } from 'react';
import type { Group } from '../../../shared/bridge/contract.ts';
import { Icon } from '../../components/Icon.tsx';
import { useApp } from '../../state/context.tsx';
import { GroupDialog } from './GroupDialog.tsx';
import { roleLabel } from './groupLabels.ts';
import { GroupPanel } from './GroupPanel.tsx';
import { InvitationsInbox } from './InvitationsInbox.tsx';
import { useLoaded } from './useRemote.ts';
import { useGroupsStore } from './groupsStore.ts';

function GroupButton({ group, selected, onSelect, detail }: { group: Group; selected: boolean; onSelect(): void; detail: string }) {
  return (
    <li>
      <button type="button" aria-current={selected ? 'true' : undefined} className={`group-item ${selected ? 'active' : ''}`} onClick={onSelect}>
        <span className="nav-icon"><Icon name="group" /></span>
        <span className="group-item-text">
          <span className="nav-label">{group.name}</span>
          <span className="group-item-detail">{detail}</span>
        </span>
      </button>
    </li>
  );
}

export function GroupsView() {
  const groups = useGroupsStore();
  const myId = useApp((s) => s.account?.profile?.id);
  const [version, setVersion] = useState(0);
  const mine = useLoaded(() => groups.list(), `mine|${version}`);
  const popular = useLoaded(() => groups.popular({ limit: 50 }), `popular|${version}`);
  const invitations = useLoaded(() => groups.myInvitations(), `invitations|${version}`);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const myGroups = mine.value ?? [];
  const myIds = useMemo(() => new Set(myGroups.map((g) => g.id)), [myGroups]);
  const discover = (popular.value ?? []).filter((g) => !myIds.has(g.id));
  const selected = myGroups.find((g) => g.id === selectedId) ?? discover.find((g) => g.id === selectedId) ?? myGroups[0];
  const refresh = async () => setVersion((v) => v + 1);

  return (
    <div className="groups-view">
      <aside className="groups-list" aria-label="Groups">
        <div className="section-head">
          <h2 className="section-title">My groups</h2>
          <button type="button" className="button small primary" onClick={() => setCreating(true)}><Icon name="plus" /> New group</button>
        </div>
        {mine.error ? <p className="outcome error" role="alert">{mine.error}</p> : null}
        {mine.loading && !mine.value ? <p className="muted">Loading your groups…</p> : null}
        {mine.value && myGroups.length === 0 ? (
          <p className="nav-empty">You are in no group yet. Create one with New group, accept an invitation, or join a public group below.</p>
        ) : null}
        <ul aria-label="My groups" className="nav-list">
          {myGroups.map((g) => <GroupButton key={g.id} group={g} selected={selected?.id === g.id} onSelect={() => setSelectedId(g.id)} detail={roleLabel(g.role)} />)}
        </ul>
        <InvitationsInbox invitations={invitations} onAnswered={(groupId, accepted) => { if (accepted) setSelectedId(groupId); void refresh(); }} />
        <h2 className="section-title discover-title">Discover</h2>
        {popular.error ? <p className="outcome error" role="alert">{popular.error}</p> : null}
        {popular.value && discover.length === 0 ? <p className="nav-empty">No other public or invite-only groups yet.</p> : null}
        <ul aria-label="Groups to discover" className="nav-list">
          {discover.map((g) => <GroupButton key={g.id} group={g} selected={selected?.id === g.id} onSelect={() => setSelectedId(g.id)} detail={g.access_level === 'public' ? 'Public' : 'Invite only'} />)}
        </ul>
      </aside>
      <section className="group-detail" aria-label="Group">
        {selected ? (
          <GroupPanel key={selected.id} group={selected} myId={myId} onChanged={refresh} />
        ) : (
          <div className="empty-state">
            <p className="empty-title">{mine.error ? 'Groups need the service' : 'No group chosen'}</p>
            <p className="empty-hint">{mine.error ? 'Groups and their members live on the service: connect, then try again. Group libraries you already have stay in the sidebar.' : 'Create a group to share a library with colleagues, or pick one on the left.'}</p>
            {mine.error ? <button type="button" className="button" onClick={() => void refresh()}>Try again</button> : <button type="button" className="button primary" onClick={() => setCreating(true)}>New group</button>}
          </div>
        )}
      </section>
      <GroupDialog open={creating} onClose={() => setCreating(false)} onSaved={(group) => { setSelectedId(group.id); void refresh(); }} />
    </div>
  );
}
