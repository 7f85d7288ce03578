// `npm start` chooses the desktop shell or browser mode.
import { describe, expect, it } from 'vitest';
import { chooseStartMode, findElectronBinary } from './start.ts';

describe('findElectronBinary', () => {
  it('answers the path require("electron") names when the file exists', () => {
    expect(findElectronBinary(() => '/opt/electron/electron', (f) => f === '/opt/electron/electron')).toBe('/opt/electron/electron');
  });

  it('answers nothing when the binary is missing, the download failed (require throws) or the value is odd', () => {
    expect(findElectronBinary(() => '/opt/electron/electron', () => false)).toBeUndefined();
    expect(findElectronBinary(() => {
      throw new Error('Electron failed to install correctly');
    })).toBeUndefined();
    expect(findElectronBinary(() => ({ default: 'x' }), () => true)).toBeUndefined();
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
