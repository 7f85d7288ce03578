import * as Dialog from '@radix-ui/react-dialog';
import { SHORTCUTS, displayKeys } from '../lib/shortcuts.ts';
import { useApp, useStores } from '../state/context.tsx';

export function ShortcutsDialog() {
  const { mac } = useStores();
  const open = useApp((s) => s.dialog === 'shortcuts');
  const openDialog = useApp((s) => s.openDialog);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && openDialog(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">Keyboard shortcuts</Dialog.Title>
          <table className="shortcut-table">
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.action}><td><kbd>{displayKeys(s.keys, mac)}</kbd></td><td>{s.description}</td></tr>
              ))}
              <tr><td><kbd>{mac ? '⌘' : 'Ctrl'}</kbd> / <kbd>Shift</kbd> + click</td><td>Add to the selection / select a range</td></tr>
            </tbody>
          </table>
          <div className="dialog-actions"><Dialog.Close className="button">Close</Dialog.Close></div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
