import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDataDir } from './appDataDir.ts';

describe('appDataDir', () => {
  it('honours REFSHELF_DATA_DIR first', () => {
    expect(appDataDir({ REFSHELF_DATA_DIR: 'x/y' }, 'linux')).toBe(path.resolve('x/y'));
  });
  it('follows each platform convention', () => {
    expect(appDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(path.join('/cfg', 'RefShelf'));
    expect(appDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(path.join('C:/Users/a/AppData/Roaming', 'RefShelf'));
    expect(appDataDir({}, 'darwin')).toMatch(/Library[\\/]Application Support[\\/]RefShelf$/);
  });
});
