// A bridge client of a test's own, on the same core a page talks to (or another device's),
// for reading the core's state directly where the window would only show it indirectly.
import WebSocket from 'ws';
import { bridgeClient, connectWebSocketBridge, type BridgeClient, type WebSocketLike } from '../renderer/bridge/bridgeClient.ts';

export async function nodeBridge(pageUrl = process.env.REFSHELF_E2E_URL!): Promise<BridgeClient> {
  const url = new URL(pageUrl);
  const secret = new URLSearchParams(url.hash.slice(1)).get('secret')!;
  const transport = await connectWebSocketBridge(url.origin, secret, (u, protocols) => new WebSocket(u, protocols, { origin: url.origin }) as unknown as WebSocketLike);
  return bridgeClient(transport);
}
