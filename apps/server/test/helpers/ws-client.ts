// A real WebSocket client for tests against a listening server: every message kept in an inbox,
// `next` takes the first that matches (waiting for it), `send` writes JSON.
import WebSocket from 'ws';

export type WsMsg = Record<string, unknown> & {
  channel?: string;
  op?: string;
  code?: number;
  channels?: string[];
  data?: Record<string, unknown>;
};

export interface WsClient {
  ws: WebSocket;
  inbox: WsMsg[];
  next(pred: (m: WsMsg) => boolean, timeoutMs?: number): Promise<WsMsg>;
  send(m: unknown): void;
}

/** Opens a socket on `url` (ws://host:port/ws) and collects what arrives. */
export async function openSocket(url: string): Promise<WsClient> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const inbox: WsMsg[] = [];
  ws.on('message', (raw: Buffer) => inbox.push(JSON.parse(raw.toString()) as WsMsg));
  const next = async (pred: (m: WsMsg) => boolean, timeoutMs = 5000): Promise<WsMsg> => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const i = inbox.findIndex(pred);
      if (i >= 0) return inbox.splice(i, 1)[0]!;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no message within ${timeoutMs} ms; inbox ${JSON.stringify(inbox)}`);
  };
  return { ws, inbox, next, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

/** A socket logged in with `token` and subscribed to `channels` (both acknowledged). */
export async function authedSocket(url: string, token: string, channels: string[]): Promise<WsClient> {
  const s = await openSocket(url);
  s.send({ op: 'auth', token });
  await s.next((m) => m.op === 'authed');
  s.send({ op: 'subscribe', channels });
  await s.next((m) => m.op === 'subscribed');
  return s;
}
