// The desktop shell: windows, the menu, dialogs, security settings and IPC wiring. It is
// thin on purpose: everything else is the plain-Node core (electron/core), which this file
// and preload.ts are the only ones to join to Electron.
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, clipboard, ClipboardItem, dialog, ipcMain, Menu, protocol, safeStorage, screen, session, shell, type MenuItemConstructorOptions } from 'electron';
import type { MenuAction } from '../shared/bridge/contract.ts';
import { forwardEventsToWindow, registerIpcHandlers, trustUrlsUnder } from './core/bridge/ipc.ts';
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './core/bridge/appProtocol.ts';
import { dispatch } from './core/bridge/dispatch.ts';
import { createCore, type Core } from './core/core.ts';
import { FILE_SCHEME } from './core/files/fileLinks.ts';
import type { SecretCodec } from './core/account/tokenVault.ts';
import { createOpenedFilesInbox, openedFilesIn } from './core/import/openedFiles.ts';
import { fitToScreens, readWindowState, windowStateFile, writeWindowState } from './core/settings/windowState.ts';

const here = path.dirname(fileURLToPath(import.meta.url)); // dist/electron
const rendererDir = process.env.REFSHELF_RENDERER_DIR ?? path.join(app.getAppPath(), 'dist', 'renderer');
const rendererIndex = path.join(rendererDir, 'index.html');
// The renderer is served from app://refshelf (core/bridge/appProtocol.ts), not file://.
const rendererUrl = `${APP_ORIGIN}/index.html`;
const isTrustedUrl = trustUrlsUnder([`${APP_ORIGIN}/`]);

let core: Core | undefined;
let window: BrowserWindow | undefined;
let stopping = false;
let stopped = false;
/** Files opened with RefShelf (double-click, Open with, command line), imported once the core runs. */
const openedFiles = createOpenedFilesInbox();

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

function openExternal(url: string): Promise<void> {
  if (!isWebLink(url)) return Promise.reject(new Error(`Refusing to open ${url}`));
  return shell.openExternal(url);
}

/**
 * The OS keychain, when there is one. On Linux without a keyring (no Secret Service, no
 * KWallet) Electron still "encrypts", with a fixed key ('basic_text'): the tokens then go to
 * a 0600 file instead, and Settings says so (AppInfo.tokenStorage).
 */
function secretCodec(): SecretCodec | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (process.platform === 'linux' && ['basic_text', 'unknown'].includes(safeStorage.getSelectedStorageBackend())) return undefined;
  return { encrypt: (plain) => safeStorage.encryptString(plain), decrypt: (data) => safeStorage.decryptString(data) };
}

function sendMenuAction(action: MenuAction): void {
  core?.events.emit('app.menu', { action });
}

function buildMenu(): Menu {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'New Document', accelerator: 'CmdOrCtrl+N', click: () => sendMenuAction('new-document') },
        { label: 'Import…', accelerator: 'CmdOrCtrl+O', click: () => sendMenuAction('import') },
        { type: 'separator' },
        {
          label: 'Sync Now',
          accelerator: 'CmdOrCtrl+R',
          click: () => {
            if (core) void dispatch(core.handlers, 'sync.syncNow', undefined);
          },
        },
        { type: 'separator' },
        { label: isMac ? 'Settings…' : 'Preferences…', accelerator: 'CmdOrCtrl+,', click: () => sendMenuAction('preferences') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        { label: 'Find in Library', accelerator: 'CmdOrCtrl+F', click: () => sendMenuAction('find') },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ type: 'separator' as const }, { role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'About RefShelf', click: () => sendMenuAction('about') }] },
  ];
  return Menu.buildFromTemplate(template);
}

async function chooseFiles(options: { title?: string; extensions?: string[] }): Promise<string[]> {
  const dialogOptions: Electron.OpenDialogOptions = {
    title: options.title ?? 'Choose files',
    properties: ['openFile', 'multiSelections'],
    filters: options.extensions?.length ? [{ name: 'Documents', extensions: options.extensions }] : [],
  };
  const result = window ? await dialog.showOpenDialog(window, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
  return result.canceled ? [] : result.filePaths;
}

async function chooseSavePath(options: { title?: string; defaultName: string; extensions?: string[] }): Promise<string | undefined> {
  const dialogOptions: Electron.SaveDialogOptions = {
    title: options.title ?? 'Save',
    defaultPath: path.join(app.getPath('documents'), path.basename(options.defaultName)),
    filters: options.extensions?.length ? [{ name: 'Documents', extensions: options.extensions }] : [],
  };
  const result = window ? await dialog.showSaveDialog(window, dialogOptions) : await dialog.showSaveDialog(dialogOptions);
  return result.canceled || !result.filePath ? undefined : result.filePath;
}

function hardenWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    // The renderer is one page: it never navigates; links open in the system browser.
    contents.on('will-navigate', (event, url) => {
      if (url === contents.getURL()) return;
      event.preventDefault();
      if (isWebLink(url)) void openExternal(url);
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isWebLink(url)) void openExternal(url);
      return { action: 'deny' };
    });
  });
}

function showWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}

function importOpenedFiles(files: string[]): void {
  if (!core) return;
  showWindow();
  void dispatch(core.handlers, 'import.paths', { paths: files }).then((result) => {
    if (!result.ok) console.error('[refshelf] importing opened files failed:', result.error.message);
  });
}

function createWindow(): BrowserWindow {
  const stateFile = windowStateFile(app.getPath('userData'));
  const saved = fitToScreens(readWindowState(stateFile), screen.getAllDisplays().map((display) => display.workArea));
  const win = new BrowserWindow({
    width: saved.width,
    height: saved.height,
    ...(saved.x !== undefined && saved.y !== undefined ? { x: saved.x, y: saved.y } : {}),
    minWidth: 800,
    minHeight: 500,
    title: 'RefShelf',
    show: false,
    webPreferences: {
      preload: path.join(here, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  win.once('ready-to-show', () => {
    if (saved.maximized) win.maximize();
    win.show();
  });
  // Kept for the next launch: the size and place the window has when not maximized.
  win.on('close', () => {
    try {
      writeWindowState(stateFile, win.getNormalBounds(), win.isMaximized());
    } catch (error) {
      console.error('[refshelf] the window state could not be saved:', error);
    }
  });
  const stopForwarding = forwardEventsToWindow(core!.events, (channel, event, payload) => {
    if (!win.isDestroyed()) win.webContents.send(channel, event, payload);
  });
  win.on('closed', () => {
    stopForwarding();
    if (window === win) window = undefined;
  });
  if (existsSync(rendererIndex)) void win.loadURL(rendererUrl);
  else void win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent('<h1>RefShelf</h1><p>The renderer has not been built yet.</p>')}`);
  return win;
}

// The renderer's own origin (app://) and the reader's PDFs (refshelf-file://, fetch and range
// requests from pdf.js): both schemes must be privileged before the app is ready.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  { scheme: FILE_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, corsEnabled: true } },
]);

/** Answers refshelf-file:// requests from the core (which checks each URL's token). */
function serveFiles(): void {
  protocol.handle(FILE_SCHEME, async (request) => {
    if (!core) return new Response(null, { status: 503 });
    const answer = await core.fileResponse({ url: request.url, method: request.method, range: request.headers.get('range') });
    const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream) : null;
    // The page (app://refshelf) is another origin than the scheme: allow it, and only it, to read the answer.
    return new Response(body, { status: answer.status, headers: { ...answer.headers, 'Access-Control-Allow-Origin': APP_ORIGIN, Vary: 'Origin' } });
  });
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // A second launch (a file opened while RefShelf runs) brings its files to this one.
  app.on('second-instance', (_event, argv, workingDirectory) => {
    showWindow();
    openedFiles.add(openedFilesIn(argv.slice(1), workingDirectory));
  });
  // macOS: a document opened from the Finder or the Dock, possibly before the app is ready.
  app.on('open-file', (event, file) => {
    event.preventDefault();
    openedFiles.add(openedFilesIn([file], process.cwd()));
  });
  openedFiles.add(openedFilesIn(process.argv.slice(1), process.cwd()));
  hardenWebContents();
  await app.whenReady();

  // The renderer's Content-Security-Policy comes with every app:// answer (and as a meta tag in index.html).
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ rendererDir, origin: APP_ORIGIN }));
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

  core = await createCore({ dataDir: app.getPath('userData'), rendererDir, openExternal, secretStore: secretCodec(), chooseFiles, chooseSavePath, appVersion: app.getVersion(), fileUrlStyle: 'desktop',
    // Quick copy: HTML keeps italics in a word processor, RTF where the platform takes it.
    writeClipboard: (content) => void clipboard.write([new ClipboardItem({ 'text/plain': content.text, 'text/html': content.html, 'text/rtf': content.rtf })]) });
  serveFiles();
  registerIpcHandlers(ipcMain, core.handlers, { isTrustedUrl });
  Menu.setApplicationMenu(buildMenu());
  window = createWindow();
  await core.start().catch((error: unknown) => console.error('[refshelf] start failed:', error));
  openedFiles.open(importOpenedFiles);

  app.on('activate', () => {
    if (!window && core) window = createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (stopped || !core) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    core.stop().catch((error: unknown) => console.error('[refshelf] stop failed:', error)).finally(() => {
      stopped = true;
      app.quit();
    });
  });
}

main().catch((error: unknown) => {
  console.error('[refshelf] the app could not start:', error);
  dialog.showErrorBox('RefShelf could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
});
