// A modal question with a clearly named destructive action; Cancel has focus first, so
// Enter never destroys anything by accident.
import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({ open, title, body, confirmLabel, onConfirm, onClose }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-small" onOpenAutoFocus={(e) => { e.preventDefault(); cancel.current?.focus(); }}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="dialog-body">{body}</Dialog.Description>
          <div className="dialog-actions">
            <button ref={cancel} type="button" className="button" onClick={onClose}>Cancel</button>
            <button type="button" className="button danger" onClick={() => { onConfirm(); onClose(); }}>{confirmLabel}</button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
