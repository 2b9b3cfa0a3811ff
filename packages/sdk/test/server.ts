import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Client, type ClientOptions, createClient, type StoragePort } from '../src/index.ts';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Recorded, res: ServerResponse) => void;

export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  /** Requests whose client went away before a response was written. */
  aborted: Recorded[];
  route(method: string, path: string, handler: Handler): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free port: the SDK is tested over the wire, never against a fetch mock. */
export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const requests: Recorded[] = [];
  const aborted: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) aborted.push(recorded);
      });
      const path = recorded.url.split('?')[0];
      const handler = routes.get(`${recorded.method} ${path}`);
      if (handler) handler(recorded, res);
      else json(res, 404, { code: 404, data: null, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    aborted,
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(text);
}

export function ok(res: ServerResponse, data: unknown): void {
  json(res, 200, { code: 0, data, message: 'ok' });
}

export function memoryStorage(
  initial: Record<string, string> = {},
): StoragePort & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

/** Resolves once the server has seen `count` requests, so a test can act while they are in flight. */
export async function untilRequests(server: TestServer, count: number): Promise<void> {
  while (server.requests.length < count) await new Promise((resolve) => setImmediate(resolve));
}

export interface Harness {
  server: TestServer;
  storage: ReturnType<typeof memoryStorage>;
  toasts: Array<[string, number]>;
  logouts: number;
  client: Client;
}

/** A server plus a client wired to it with recording `toast` and `onLogout`. */
export async function harness(options: Partial<ClientOptions> = {}, stored: Record<string, string> = {}) {
  const server = await startServer();
  const storage = memoryStorage(stored);
  const h = { server, storage, toasts: [] as Array<[string, number]>, logouts: 0 } as Harness;
  h.client = createClient({
    baseUrl: server.baseUrl,
    storage,
    toast: (message, durationMs) => h.toasts.push([message, durationMs]),
    onLogout: () => {
      h.logouts += 1;
    },
    ...options,
  });
  return h;
}
