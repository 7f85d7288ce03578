// The Chromium that e2e tests, benches and the packaged-renderer test drive in place of
// Electron's renderer (Debian's package), and the switches they all launch it with.
// Besides the usual quiet-profile switches, the browser's own address-bar popup is turned off:
// this Chromium builds it as a WebUI page in a renderer of its own, and loading that page
// (hundreds of chrome:// modules) took up to 1.5 s of CPU beside one window in four opened on
// a 2-core machine. Electron has no address bar, so the figures would otherwise carry a cost
// the app never pays, at random.
export const TEST_CHROMIUM_PATH = '/usr/bin/chromium';

export const TEST_CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
