// Types of built-server.mjs for the TypeScript tests that use its helpers (cluster.test.ts).
import type { ChildProcess } from 'node:child_process';

export const root: string;
export function arg(name: string, fallback?: string): string | undefined;
export function freePort(): Promise<number>;
export function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms?: number,
  everyMs?: number,
): Promise<T>;
export function waitFor(url: string, child: ChildProcess, what: string): Promise<void>;
export interface BuiltServer {
  base: string;
  port: number;
  stop(): Promise<void>;
}
export function startBuiltServer(
  env?: Record<string, string | undefined>,
  options?: { label?: string; onStop?: () => Promise<void> | void },
): Promise<BuiltServer>;
export function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }>;
export function startBuiltCluster(
  env: Record<string, string | undefined>,
  gateways: number,
  label: string,
): Promise<{ base: string; gateways: BuiltServer[]; stop(): Promise<void> }>;
