// The citing area's own settings file (<dataDir>/citing.json): default style and locale,
// the citation key pattern, and the live bibliography files. Kept apart from the app's
// settings.json so this area owns its checks; written atomically (write, then rename).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AutoExport, CitingPreferences } from '../../../shared/bridge/contract.ts';
import { DEFAULT_LOCALE, DEFAULT_STYLE } from './bundledStyles.ts';

export const DEFAULT_KEY_PATTERN = 'auth + year';

export interface CitingState {
  preferences: CitingPreferences;
  autoExports: AutoExport[];
}

export interface CitingPreferencesStore {
  get(): CitingState;
  update(change: (state: CitingState) => CitingState): CitingState;
}

const DEFAULT_STATE: CitingState = { preferences: { style: DEFAULT_STYLE, locale: DEFAULT_LOCALE, keyPattern: DEFAULT_KEY_PATTERN }, autoExports: [] };

function read(file: string): CitingState {
  if (!existsSync(file)) return DEFAULT_STATE;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<CitingState>;
    return {
      preferences: { ...DEFAULT_STATE.preferences, ...(saved.preferences ?? {}) },
      autoExports: Array.isArray(saved.autoExports) ? saved.autoExports : [],
    };
  } catch {
    // A damaged file must not stop the app: the defaults stand until the next save.
    return DEFAULT_STATE;
  }
}

export function createCitingPreferences(file: string): CitingPreferencesStore {
  let state = read(file);
  return {
    get: () => state,
    update(change) {
      state = change(state);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2), 'utf8');
      renameSync(`${file}.tmp`, file);
      return state;
    },
  };
}
