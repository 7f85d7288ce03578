// The preload: the renderer's only way into the app. It exposes window.refshelf, an object
// checked against the bridge contract, and nothing else (no ipcRenderer, no Node). It runs
// sandboxed, so it is bundled to one CommonJS file (scripts/build-electron.ts).
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  COMMAND_NAMES, IPC_EVENT_CHANNEL, ipcChannel,
  type BridgeResult, type CommandArgs, type CommandName, type CommandResponse, type DesktopBridge, type EventListener, type EventName,
} from '../shared/bridge/contract.ts';

const known = new Set<string>(COMMAND_NAMES);

const refshelf = {
  invoke<K extends CommandName>(command: K, ...args: CommandArgs<K>): Promise<BridgeResult<CommandResponse<K>>> {
    if (!known.has(command)) return Promise.resolve({ ok: false, error: { code: 'unknown_command', message: `Unknown command ${String(command)}` } });
    return ipcRenderer.invoke(ipcChannel(command), args[0]) as Promise<BridgeResult<CommandResponse<K>>>;
  },
  on<E extends EventName>(event: E, listener: EventListener<E>): () => void {
    const wrapped = (_event: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload as Parameters<EventListener<E>>[0]);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped);
    return () => void ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped);
  },
  /** Drag-and-drop: the renderer hands the paths to the bridge ('import.paths'). */
  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('refshelf', refshelf);
