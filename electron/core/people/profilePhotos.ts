// Profile photos between the window and the service. The window sends a chosen image as a
// data: URL; the core checks it and uploads the bytes. Photos come back to the window as
// data: URLs too, fetched here, and only from the service itself: the window's policy loads
// no images from elsewhere, and the core fetches nothing for it from arbitrary addresses.
import type { PeopleCommands } from '../../../shared/bridge/peopleCommands.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';
import { requireSignedIn, type PeopleDeps } from './peopleDeps.ts';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);

type PhotoHandlers = Pick<HandlersOf<PeopleCommands>, 'profiles.setPhoto' | 'profiles.removePhoto' | 'profiles.photo'>;

/** The type and bytes of a base64 data: URL of an accepted image type. */
export function decodeImageDataUrl(dataUrl: string): { type: string; bytes: Uint8Array } {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(dataUrl);
  if (!match) throw new BridgeFailure('invalid', 'The photo must be an image read as a data: URL', 'dataUrl');
  const type = match[1]!.toLowerCase();
  if (!PHOTO_TYPES.has(type)) throw new BridgeFailure('invalid', 'Choose a PNG, JPEG or GIF image for your photo', 'dataUrl');
  const bytes = new Uint8Array(Buffer.from(match[2]!, 'base64'));
  if (bytes.length === 0) throw new BridgeFailure('invalid', 'The image is empty', 'dataUrl');
  if (bytes.length > PHOTO_MAX_BYTES) throw new BridgeFailure('invalid', 'A profile photo is at most 5 MB', 'dataUrl');
  return { type, bytes };
}

export function photoHandlers(deps: PeopleDeps): PhotoHandlers {
  const { api } = deps;
  const serviceOrigin = () => new URL(api.client.url('/')).origin;
  return {
    'profiles.setPhoto': (request) => {
      const { type, bytes } = decodeImageDataUrl(stringField(requiredObject(request, 'profiles.setPhoto'), 'dataUrl'));
      requireSignedIn(deps);
      return api.profiles.setPhoto(bytes, type);
    },
    'profiles.removePhoto': async () => {
      requireSignedIn(deps);
      await api.profiles.removePhoto();
      return api.profiles.me();
    },
    'profiles.photo': async (request) => {
      const url = stringField(requiredObject(request, 'profiles.photo'), 'url');
      let origin: string;
      try {
        origin = new URL(url).origin;
      } catch {
        throw new BridgeFailure('invalid', 'Not a URL', 'url');
      }
      if (origin !== serviceOrigin()) throw new BridgeFailure('invalid', 'Only photos of the service are shown', 'url');
      const response = await api.client.request(url);
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const bytes = Buffer.from(await api.client.read(response, (r) => r.arrayBuffer()));
      if (!PHOTO_TYPES.has(type)) throw new BridgeFailure('invalid', 'The service did not answer with an image', 'url');
      return { dataUrl: `data:${type};base64,${bytes.toString('base64')}` };
    },
  };
}
