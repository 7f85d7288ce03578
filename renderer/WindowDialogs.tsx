// The window's dialogs, closed until the app store names one (Ctrl/Cmd+N, Settings, ?...).
// A chunk of its own (App.tsx loads it once the list's first rows are painted): the forms,
// their validation and the citation settings are not parsed before the first rows.
import { ConfirmDialog } from './components/ConfirmDialog.tsx';
import { SettingsDialog } from './components/SettingsDialog.tsx';
import { ShortcutsDialog } from './components/ShortcutsDialog.tsx';
import { useApp, useLibrary, useStores } from './state/context.tsx';
import { ConflictsDialog } from './views/library/ConflictsDialog.tsx';
import { NewDocumentDialog } from './views/library/NewDocumentDialog.tsx';

export function WindowDialogs({ focusDetails }: { focusDetails(): void }) {
  const { library } = useStores();
  const dialog = useApp((s) => s.dialog);
  const openDialog = useApp((s) => s.openDialog);
  const collection = useLibrary((s) => s.collection);
  return (
    <>
      <NewDocumentDialog onCreated={(id) => {
        if (collection.kind !== 'all' && collection.kind !== 'recent' && collection.kind !== 'group') library.getState().setCollection({ kind: 'all' });
        void library.getState().reload().then(() => {
          library.getState().selectIds([id]);
          focusDetails();
        });
      }} />
      <SettingsDialog />
      <ShortcutsDialog />
      <ConflictsDialog />
      <ConfirmDialog
        open={dialog === 'empty-trash'}
        title="Empty the trash?"
        body="Every document in the trash is deleted for good, here and on the service. This cannot be undone."
        confirmLabel="Empty trash"
        onConfirm={() => void library.getState().emptyTrash()}
        onClose={() => openDialog(null)}
      />
    </>
  );
}
