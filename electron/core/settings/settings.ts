// The user's settings, in <dataDir>/settings.json. Each change is checked field by field
// (the renderer may send anything), written atomically, and announced to the renderer.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Settings, SettingsChange } from '../../../shared/bridge/contract.ts';
import { BridgeFailure } from '../commands/failure.ts';

export const DEFAULT_SETTINGS: Settings = { serviceUrl: null, clientId: null, downloadPolicy: 'on-open', theme: 'system' };

const THEMES = ['light', 'dark', 'system'] as const;
const POLICIES = ['on-open', 'eager'] as const;

export interface SettingsStore {
  get(): Settings;
  set(change: unknown): SettingsChange;
  /** Listens to saved changes; returns the function that stops listening. */
  onChange(listener: (settings: Settings) => void): () => void;
}

/** localhost, 127.0.0.0/8 or ::1 (URL.hostname keeps IPv6 brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A service URL as the client uses it: http(s), no credentials, query or fragment, no trailing slash. */
export function normaliseServiceUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new BridgeFailure('invalid', `"${value}" is not an absolute URL`, 'serviceUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new BridgeFailure('invalid', 'The service URL must start with https://', 'serviceUrl');
  if (url.username || url.password || url.search || url.hash) {
    throw new BridgeFailure('invalid', 'The service URL must not contain a user name, password, query or fragment', 'serviceUrl');
  }
  // Plain http only for a service on this computer: elsewhere tokens and the library would cross the network unencrypted.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new BridgeFailure('invalid', 'A service on another computer must use https://', 'serviceUrl');
  }
  return url.href.replace(/\/+$/, '');
}

function checked(current: Settings, change: unknown): Settings {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) throw new BridgeFailure('invalid', 'Settings must be an object');
  const next = { ...current };
  for (const [key, value] of Object.entries(change)) {
    switch (key) {
      case 'serviceUrl':
        if (value !== null && typeof value !== 'string') throw new BridgeFailure('invalid', 'serviceUrl must be a URL, or null for the embedded service', key);
        next.serviceUrl = value === null || value.trim() === '' ? null : normaliseServiceUrl(value);
        break;
      case 'clientId':
        if (value !== null && (typeof value !== 'string' || value.length > 255)) throw new BridgeFailure('invalid', 'clientId must be a string of at most 255 characters, or null', key);
        next.clientId = value === null || value.trim() === '' ? null : value.trim();
        break;
      case 'downloadPolicy':
        if (!POLICIES.includes(value)) throw new BridgeFailure('invalid', `downloadPolicy must be one of ${POLICIES.join(', ')}`, key);
        next.downloadPolicy = value;
        break;
      case 'theme':
        if (!THEMES.includes(value)) throw new BridgeFailure('invalid', `theme must be one of ${THEMES.join(', ')}`, key);
        next.theme = value;
        break;
      default:
        throw new BridgeFailure('invalid', `Unknown setting ${key.slice(0, 60)}`, key);
    }
  }
  return next;
}

function load(file: string): Settings {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  try {
    return checked(DEFAULT_SETTINGS, JSON.parse(raw));
  } catch {
    // A hand-edited file with a mistake must not keep the app from starting.
    return { ...DEFAULT_SETTINGS };
  }
}

export function createSettingsStore(file: string): SettingsStore {
  let current = load(file);
  /** The service the core was started with: changing it needs a restart. */
  const startedWith = current.serviceUrl;
  const listeners = new Set<(settings: Settings) => void>();
  return {
    get: () => ({ ...current }),
    set(change) {
      const next = checked(current, change);
      mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(next, null, 2), { mode: 0o600 });
      renameSync(temp, file);
      current = next;
      for (const listener of listeners) listener({ ...next });
      return { settings: { ...next }, restartRequired: next.serviceUrl !== startedWith };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
