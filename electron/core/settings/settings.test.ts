// The settings file: defaults, checked changes, atomic writes, and a damaged file.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS } from './settings.ts';

const dirs: string[] = [];
const fileIn = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-settings-'));
  dirs.push(dir);
  return path.join(dir, 'settings.json');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('settings', () => {
  it('starts from the defaults and keeps saved changes across restarts', () => {
    const file = fileIn();
    const store = createSettingsStore(file);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const heard: unknown[] = [];
    store.onChange((s) => heard.push(s.theme));
    store.set({ theme: 'light', downloadPolicy: 'eager' });
    expect(heard).toEqual(['light']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(createSettingsStore(file).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', downloadPolicy: 'eager' });
  });

  it('refuses unknown keys and bad values, naming the field, and changes nothing', () => {
    const file = fileIn();
    const store = createSettingsStore(file);
    expect(() => store.set({ theme: 'light', colour: 'red' })).toThrow(expect.objectContaining({ code: 'invalid', field: 'colour' }));
    expect(() => store.set({ serviceUrl: 'https://user:pw@example.org' })).toThrow(expect.objectContaining({ field: 'serviceUrl' }));
    expect(() => store.set({ downloadPolicy: 'never' })).toThrow(/downloadPolicy must be one of on-open, eager/);
    expect(() => store.set(null)).toThrow(/must be an object/);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('normalises a service URL, and an empty one means the embedded service again', () => {
    const store = createSettingsStore(fileIn());
    expect(store.set({ serviceUrl: ' https://Api.Example.org/refshelf/ ' })).toEqual({
      settings: expect.objectContaining({ serviceUrl: 'https://api.example.org/refshelf' }), restartRequired: true,
    });
    expect(store.set({ serviceUrl: '' })).toMatchObject({ settings: { serviceUrl: null }, restartRequired: false });
  });

  it('takes plain http only for a service on this computer', () => {
    const store = createSettingsStore(fileIn());
    for (const url of ['http://refshelf.example.org', 'http://192.168.1.20:8080', 'http://[fe80::1]/', 'http://127.example.org']) {
      expect(() => store.set({ serviceUrl: url }), url).toThrow(expect.objectContaining({ code: 'invalid', field: 'serviceUrl', message: 'A service on another computer must use https://' }));
    }
    expect(store.get().serviceUrl).toBeNull();
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:9000', 'https://refshelf.example.org']) {
      expect(store.set({ serviceUrl: url }).settings.serviceUrl, url).toBe(url.replace(/\/$/, ''));
    }
  });

  it('falls back to the defaults when the file is damaged', () => {
    const file = fileIn();
    writeFileSync(file, '{ not json');
    expect(createSettingsStore(file).get()).toEqual(DEFAULT_SETTINGS);
    writeFileSync(file, JSON.stringify({ theme: 'neon' }));
    expect(createSettingsStore(file).get()).toEqual(DEFAULT_SETTINGS);
    expect(readFileSync(file, 'utf8')).toContain('neon'); // left for the user to see, not overwritten
  });
});
