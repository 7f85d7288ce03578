// Profile photos over real HTTP: upload, shown to others, served without a token, checked
// against their declared type and size, and removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { imageInfo } from './imageSize.ts';
import { PHOTO_MAX_BYTES } from './profilePhotoRoutes.ts';

// A real 1x1 PNG and a real 2x1 GIF.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAgABAIAAAP///wAAACwAAAAAAgABAAACAkQBADs=', 'base64');

let service: TestService;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  service = await startTestService();
  ada = await service.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
  bob = await service.createUser();
});
afterAll(async () => service.stop());

const put = (user: TestUser, body: Buffer, type: string) =>
  service.fetch('/profiles/me/photo', { method: 'PUT', headers: { ...user.auth, 'Content-Type': type, Accept: service.ctx.mediaTypes.profiles }, body: new Uint8Array(body) });

describe('reading image headers', () => {
  it('knows PNG and GIF sizes and refuses other bytes', () => {
    expect(imageInfo(PNG)).toEqual({ kind: 'png', width: 1, height: 1 });
    expect(imageInfo(GIF)).toEqual({ kind: 'gif', width: 2, height: 1 });
    expect(imageInfo(Buffer.from('%PDF-1.4'))).toBeUndefined();
  });
});

describe('PUT /profiles/me/photo', () => {
  it('sets photo and photos, which others see and anyone downloads without a token', async () => {
    const res = await put(ada, PNG, 'image/png');
    expect(res.status).toBe(200);
    const own = await res.json() as { photo: Record<string, string>; photos: unknown[] };
    expect(own.photos).toEqual([{ url: expect.stringMatching(/\/profiles\/photos\/[0-9a-f]{40}\.png$/), original: true, width: 1, height: 1 }]);
    expect(own.photo).toEqual({ original: own.photos[0] && (own.photos[0] as { url: string }).url, standard: expect.any(String), square: expect.any(String) });

    const seen = await (await service.fetch(`/profiles/${ada.id}`, { headers: bob.auth })).json() as { photo?: unknown };
    expect(seen.photo).toEqual(own.photo);
    const image = await fetch(own.photo.original!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses bytes that are not the declared image, other types, and photos over 5 MB', async () => {
    const lie = await put(ada, GIF, 'image/png');
    expect(lie.status).toBe(400);
    expect((await lie.json()).message).toBe('The body is not a PNG image');
    expect((await put(ada, PNG, 'application/pdf')).status).toBe(415);
    const huge = Buffer.concat([PNG, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const big = await put(ada, huge, 'image/png');
    expect(big.status).toBe(400);
    expect((await big.json()).message).toBe('A profile photo is at most 5 MB');
    expect((await put(bob, GIF, 'image/gif')).status).toBe(200);
  });

  it('refuses PATCH of the photo fields and removes the photo with DELETE', async () => {
    await put(ada, PNG, 'image/png');
    const patch = await service.fetch('/profiles/me', { method: 'PATCH', headers: { ...ada.auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ photo: { original: 'https://elsewhere.example/x.png' } }) });
    expect(patch.status).toBe(400);
    const del = await service.fetch('/profiles/me/photo', { method: 'DELETE', headers: ada.auth });
    expect(del.status).toBe(204);
    const me = await (await service.fetch('/profiles/me', { headers: ada.auth })).json() as Record<string, unknown>;
    expect(me.photo).toBeUndefined();
    expect(me.photos).toBeUndefined();
    expect((await service.fetch('/profiles/photos/not-a-photo.png')).status).toBe(404);
  });
});
