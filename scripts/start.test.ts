// `npm start` chooses the desktop shell or browser mode.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseStartMode, findElectronBinary } from './start.ts';

describe('findElectronBinary', () => {
  const pkg = path.join('/opt', 'node_modules', 'electron');
  const binary = path.join(pkg, 'dist', 'electron');
  const pathTxt = (content: string | undefined) => (file: string) => (file === path.join(pkg, 'path.txt') ? content : undefined);

  it('answers the binary that path.txt names inside dist/ when it exists', () => {
    expect(findElectronBinary(pkg, pathTxt('electron\n'), (f) => f === binary)).toBe(binary);
  });

  it('answers nothing when the package, path.txt (a failed download) or the binary is missing', () => {
    expect(findElectronBinary(undefined)).toBeUndefined();
    expect(findElectronBinary(pkg, pathTxt(undefined), () => true)).toBeUndefined();
    expect(findElectronBinary(pkg, pathTxt('electron'), () => false)).toBeUndefined();
  });
});

describe('chooseStartMode', () => {
  const withDisplay = { DISPLAY: ':0' };

  it('launches Electron when its binary exists and there is a display', () => {
    expect(chooseStartMode({ electronBinary: '/e', env: withDisplay, platform: 'linux' })).toEqual({ mode: 'electron', binary: '/e' });
    expect(chooseStartMode({ electronBinary: '/e', env: {}, platform: 'darwin' })).toEqual({ mode: 'electron', binary: '/e' });
    expect(chooseStartMode({ electronBinary: '/e', env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux' })).toMatchObject({ mode: 'electron' });
  });

  it('falls back to browser mode without the binary, without a display, or when asked', () => {
    expect(chooseStartMode({ electronBinary: undefined, env: withDisplay, platform: 'linux' })).toEqual({ mode: 'browser', reason: 'the Electron binary is not installed' });
    expect(chooseStartMode({ electronBinary: '/e', env: {}, platform: 'linux' })).toMatchObject({ mode: 'browser', reason: expect.stringContaining('no display') });
    expect(chooseStartMode({ electronBinary: '/e', env: { ...withDisplay, REFSHELF_BROWSER_MODE: '1' }, platform: 'linux' })).toMatchObject({ mode: 'browser' });
  });
});
