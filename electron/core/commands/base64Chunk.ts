// Bytes from the window arrive as base64 text in chunks (a browser page has File objects
// without paths): one check and decoding for every command that takes them.
import { BridgeFailure } from './failure.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The chunk's bytes; a readable 'invalid' failure naming the field when it is not base64 or too big. */
export function decodeBase64Chunk(text: unknown, field: string, maxBytes: number): Buffer {
  if (typeof text !== 'string' || !BASE64.test(text)) throw new BridgeFailure('invalid', `${field} must be base64 text`, field);
  // Decoded size from the text's length, so an oversized chunk is refused before decoding.
  const decodedSize = Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  if (decodedSize > maxBytes) throw new BridgeFailure('invalid', `A chunk holds at most ${maxBytes} bytes`, field);
  return Buffer.from(text, 'base64');
}
