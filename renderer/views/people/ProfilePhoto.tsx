// A person's photo, fetched through the core (the window loads images only as data: URLs),
// or their initials when they have none.
import { useEffect, useState } from 'react';
import { usePeopleStore } from './peopleStore.ts';

export function ProfilePhoto({ url, name, size = 64 }: { url: string | undefined; name: string; size?: number }) {
  const people = usePeopleStore();
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    setDataUrl(null);
    if (!url) return undefined;
    let live = true;
    void people.photo({ url }).then((result) => { if (live && result.ok) setDataUrl(result.value.dataUrl); });
    return () => { live = false; };
  }, [people, url]);
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]!.toUpperCase()).join('');
  return dataUrl ? (
    <img className="profile-photo" src={dataUrl} alt={`Photo of ${name}`} width={size} height={size} />
  ) : (
    <span className="profile-photo initials" role="img" aria-label={`${name} has no photo`} style={{ width: size, height: size, fontSize: size / 2.6 }}>{initials}</span>
  );
}
