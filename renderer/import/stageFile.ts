// Browser mode has no file paths: a dropped or chosen File goes to the core as bytes, in
// base64 chunks through the bridge's staging commands, and comes back as a path to import.
import type { CommandArgs, CommandResponse } from '../../shared/bridge/contract.ts';
import { bytesToBase64 } from '../lib/base64.ts';

/** 1 MB of bytes per call: far below the WebSocket's message limit, few round trips. */
export const CHUNK_BYTES = 1024 * 1024;

/** `write` is the staging command (see importStore.ts). */
export async function stageFile(write: (...args: CommandArgs<'staging.write'>) => Promise<CommandResponse<'staging.write'>>, file: File): Promise<string> {
  let token: string | undefined;
  let offset = 0;
  do {
    const end = Math.min(file.size, offset + CHUNK_BYTES);
    const bytes = new Uint8Array(await file.slice(offset, end).arrayBuffer());
    const last = end >= file.size;
    const answer = await write({ ...(token ? { token } : {}), name: file.name, offset, chunkBase64: bytesToBase64(bytes), last });
    token = answer.token;
    offset = end;
    if (last) return answer.path!;
  } while (offset < file.size || file.size === 0);
  throw new Error(`Could not stage ${file.name}`);
}
