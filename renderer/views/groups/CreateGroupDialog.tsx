// A new group: its name, what it is for, and who may see and join it.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { Group, GroupAccessLevel } from '../../../shared/bridge/contract.ts';
import { GROUP_ACCESS_LEVELS } from '../../../shared/schemas/group.ts';
import { useStores } from '../../state/context.tsx';
import { ACCESS_LABELS } from './groupLabels.ts';
import { Outcome } from './Outcome.tsx';
import { useAction } from './useRemote.ts';

const NAME_MAX = 255;

export function CreateGroupDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(group: Group): void }) {
  const { bridge } = useStores();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [access, setAccess] = useState<GroupAccessLevel>('private');
  const [touched, setTouched] = useState(false);
  const action = useAction();
  const problem = name.trim() ? null : 'A group needs a name';
  const close = () => { setName(''); setDescription(''); setAccess('private'); setTouched(false); action.clear(); onClose(); };

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    let created: Group | undefined;
    const ok = await action.run(async () => {
      created = await bridge.call('groups.create', { name: name.trim(), access_level: access, ...(description.trim() ? { description: description.trim() } : {}) });
    });
    if (ok && created) { close(); onCreated(created); }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="new-group-description">
          <Dialog.Title className="dialog-title">New group</Dialog.Title>
          <p id="new-group-description" className="dialog-body">A group has a library of its own that its members share. You can invite people once it exists.</p>
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
              <button type="submit" className="button primary" disabled={action.busy}>{action.busy ? 'Creating…' : 'Create group'}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
