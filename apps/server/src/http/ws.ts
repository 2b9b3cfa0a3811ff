import { WsClientMessage, type WsServerAck } from '@ex/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { TokenStore } from '../account/tokens.ts';
import type { Db } from '../db/db.ts';
import { authenticate } from './auth.ts';
import { AppError } from './errors.ts';

const MAX_CHANNELS = 200;

/**
 * `/ws`: JSON ops `subscribe`, `unsubscribe`, `auth`, `ping`, each acknowledged. Channels are only
 * recorded for now; the market and trading issues publish into them.
 */
export async function registerWs(app: FastifyInstance, deps: { tokens: TokenStore; db: Db }): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    // A plain GET (no upgrade) gets the envelope, not an empty 404.
    handler: async () => {
      throw new AppError('BAD_REQUEST');
    },
    wsHandler: (socket) => {
      const channels = new Set<string>();
      let userId: string | null = null;
      const reply = (ack: WsServerAck) => socket.send(JSON.stringify(ack));

      socket.on('message', async (raw: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          reply({ op: 'error', code: 422, message: 'malformed JSON' });
          return;
        }
        const result = WsClientMessage.safeParse(parsed);
        if (!result.success) {
          reply({ op: 'error', code: 422, message: 'unknown or invalid op' });
          return;
        }
        const msg = result.data;
        const id = msg.id === undefined ? {} : { id: msg.id };
        switch (msg.op) {
          case 'ping':
            reply({ op: 'pong', code: 0, ...id });
            return;
          case 'subscribe':
            // One socket cannot grow its channel set without bound.
            if (new Set([...channels, ...msg.channels]).size > MAX_CHANNELS) {
              reply({ op: 'error', code: 422, message: `at most ${MAX_CHANNELS} channels`, ...id });
              return;
            }
            for (const c of msg.channels) channels.add(c);
            reply({ op: 'subscribed', code: 0, channels: msg.channels, ...id });
            return;
          case 'unsubscribe':
            for (const c of msg.channels) channels.delete(c);
            reply({ op: 'unsubscribed', code: 0, channels: msg.channels, ...id });
            return;
          case 'auth':
            try {
              userId = (await authenticate(deps.tokens, deps.db, 'user', msg.token)).id;
              reply({ op: 'authed', code: 0, ...id });
            } catch (error) {
              userId = null;
              reply({ op: 'error', code: error instanceof AppError ? error.code : 500, ...id });
            }
            return;
        }
      });
      socket.on('close', () => {
        channels.clear();
        void userId;
      });
    },
  });
}
