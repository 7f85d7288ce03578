// My photo: shown, replaced from a chosen image file (PNG, JPEG or GIF, at most 5 MB), or removed.
import { useRef } from 'react';
import type { OwnProfile } from '../../../shared/bridge/contract.ts';
import { Outcome } from '../groups/Outcome.tsx';
import { useAction } from '../groups/useRemote.ts';
import { ProfilePhoto } from './ProfilePhoto.tsx';
import { usePeopleStore } from './peopleStore.ts';

const MAX_BYTES = 5 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

export function PhotoPicker({ profile, onSaved }: { profile: OwnProfile; onSaved(profile: OwnProfile): void }) {
  const people = usePeopleStore();
  const input = useRef<HTMLInputElement>(null);
  const action = useAction();
  const choose = (file: File) => action.run(async () => {
    if (file.size > MAX_BYTES) throw new Error(`${file.name} is larger than 5 MB; choose a smaller image`);
    onSaved(await people.setPhoto({ dataUrl: await readAsDataUrl(file) }));
  }, 'Photo saved.');
  return (
    <div className="photo-picker field wide">
      <ProfilePhoto url={profile.photo?.square ?? profile.photo?.original} name={profile.display_name} />
      <div className="photo-actions">
        <input ref={input} type="file" accept="image/png,image/jpeg,image/gif" className="sr-only" id="photo-file" aria-label="Photo file"
          onChange={(e) => { const file = e.target.files?.[0]; e.target.value = ''; if (file) void choose(file); }} />
        <button type="button" className="button small" disabled={action.busy} onClick={() => input.current?.click()}>{profile.photo ? 'Change photo…' : 'Add a photo…'}</button>
        {profile.photo ? <button type="button" className="button small" disabled={action.busy} onClick={() => void action.run(async () => onSaved(await people.removePhoto()), 'Photo removed.')}>Remove photo</button> : null}
        <Outcome action={action} />
      </div>
    </div>
  );
}
