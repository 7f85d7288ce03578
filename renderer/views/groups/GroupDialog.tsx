// A group's name, what it is for, and who may see and join it: a new group, or (for its
// owners and admins) one that exists.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { Group, GroupAccessLevel } from '../../../shared/bridge/contract.ts';
import { GROUP_ACCESS_LEVELS } from '../../../shared/schemas/group.ts';
import { ACCESS_LABELS } from './groupLabels.ts';
import { Outcome } from './Outcome.tsx';
import { useAction } from './useRemote.ts';
import { useGroupsStore } from './groupsStore.ts';

const NAME_MAX = 255;

interface Props {
  open: boolean;
  /** The group to edit; absent: a new one. */
  group?: Group;
  onClose(): void;
  onSaved(group: Group): void;
}

export function GroupDialog({ open, group, onClose, onSaved }: Props) {
  const groups = useGroupsStore();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [access, setAccess] = useState<GroupAccessLevel>(group?.access_level ?? 'private');
  const [touched, setTouched] = useState(false);
  const action = useAction();
  const problem = name.trim() ? null : 'A group needs a name';
  const close = () => {
    setName(group?.name ?? ''); setDescription(group?.description ?? ''); setAccess(group?.access_level ?? 'private');
    setTouched(false); action.clear(); onClose();
  };

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    let saved: Group | undefined;
    const ok = await action.run(async () => {
      saved = group
        ? await groups.update({ id: group.id, patch: { name: name.trim(), access_level: access, description: description.trim() || null } })
        : await groups.create({ name: name.trim(), access_level: access, ...(description.trim() ? { description: description.trim() } : {}) });
    });
    if (ok && saved) { close(); onSaved(saved); }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="new-group-description">
          <Dialog.Title className="dialog-title">{group ? 'Edit group' : 'New group'}</Dialog.Title>
          <p id="new-group-description" className="dialog-body">{group
            ? 'Members see the new name and description at once; a new access level changes who can find and join the group.'
            : 'A group has a library of its own that its members share. You can invite people once it exists.'}</p>
          <form className="dialog-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <div className={`field wide ${touched && problem ? 'invalid' : ''}`}>
              <label className="field-label" htmlFor="group-name">Name</label>
              <input id="group-name" className="input" value={name} maxLength={NAME_MAX} autoFocus onChange={(e) => setName(e.target.value)}
                aria-invalid={touched && problem ? true : undefined} aria-describedby={touched && problem ? 'group-name-error' : undefined} />
              {touched && problem ? <p id="group-name-error" className="field-error" role="alert">{problem}</p> : null}
            </div>
            <div className="field wide">
              <label className="field-label" htmlFor="group-description">Description (optional)</label>
              <textarea id="group-description" className="input" rows={3} maxLength={10000} value={description} onChange={(e) => setDescription(e.target.value)} />
            </div>
            <fieldset className="field wide access-choice">
              <legend className="field-label">Who can see and join it</legend>
              {GROUP_ACCESS_LEVELS.map((level) => (
                <label key={level} className="radio-row">
                  <input type="radio" name="access" value={level} checked={access === level} onChange={() => setAccess(level)} />
                  <span><strong>{ACCESS_LABELS[level].label}</strong> — {ACCESS_LABELS[level].hint}</span>
                </label>
              ))}
            </fieldset>
            <Outcome action={action} />
            <div className="dialog-actions">
              <button type="button" className="button" onClick={close}>Cancel</button>
              <button type="submit" className="button primary" disabled={action.busy}>{group ? (action.busy ? 'Saving…' : 'Save') : action.busy ? 'Creating…' : 'Create group'}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
