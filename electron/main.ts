// The desktop shell: windows, the menu, dialogs, security settings and IPC wiring. It is
// thin on purpose: everything else is the plain-Node core (electron/core), which this file
// and preload.ts are the only ones to join to Electron.
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, protocol, safeStorage, session, shell, type MenuItemConstructorOptions } from 'electron';
import type { MenuAction } from '../shared/bridge/contract.ts';
import { forwardEventsToWindow, registerIpcHandlers, trustUrlsUnder } from './core/bridge/ipc.ts';
import { CONTENT_SECURITY_POLICY } from './core/bridge/contentSecurityPolicy.ts';
import { dispatch } from './core/bridge/dispatch.ts';
import { createCore, type Core } from './core/core.ts';
import { FILE_SCHEME } from './core/files/fileLinks.ts';
import type { SecretCodec } from './core/account/tokenVault.ts';

const here = path.dirname(fileURLToPath(import.meta.url)); // dist/electron
const rendererDir = process.env.REFSHELF_RENDERER_DIR ?? path.join(app.getAppPath(), 'dist', 'renderer');
const rendererIndex = path.join(rendererDir, 'index.html');
const rendererUrl = pathToFileURL(rendererIndex).href;
const isTrustedUrl = trustUrlsUnder([pathToFileURL(rendererDir).href]);

let core: Core | undefined;
let window: BrowserWindow | undefined;
let stopping = false;
let stopped = false;

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

function openExternal(url: string): Promise<void> {
  if (!isWebLink(url)) return Promise.reject(new Error(`Refusing to open ${url}`));
  return shell.openExternal(url);
}

function secretCodec(): SecretCodec | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
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

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
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
  win.once('ready-to-show', () => win.show());
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

// The reader loads PDFs from refshelf-file:// URLs (fetch and range requests from pdf.js);
// the scheme must be privileged before the app is ready.
protocol.registerSchemesAsPrivileged([{ scheme: FILE_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, corsEnabled: true } }]);

/** Answers refshelf-file:// requests from the core (which checks each URL's token). */
function serveFiles(): void {
  protocol.handle(FILE_SCHEME, async (request) => {
    if (!core) return new Response(null, { status: 503 });
    const answer = await core.fileResponse({ url: request.url, method: request.method, range: request.headers.get('range') });
    const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream) : null;
    // The page (file://) is another origin than the scheme: allow it to read the answer.
    return new Response(body, { status: answer.status, headers: { ...answer.headers, 'Access-Control-Allow-Origin': '*' } });
  });
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  hardenWebContents();
  await app.whenReady();

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

  core = await createCore({ dataDir: app.getPath('userData'), rendererDir, openExternal, secretStore: secretCodec(), chooseFiles, chooseSavePath, appVersion: app.getVersion(), fileUrlStyle: 'desktop',
    // Quick copy: HTML keeps italics in a word processor, RTF where the platform takes it.
    writeClipboard: (content) => clipboard.write({ text: content.text, html: content.html, rtf: content.rtf }) });
  serveFiles();
  registerIpcHandlers(ipcMain, core.handlers, { isTrustedUrl });
  Menu.setApplicationMenu(buildMenu());
  window = createWindow();
  await core.start().catch((error: unknown) => console.error('[refshelf] start failed:', error));

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
