import type { ApiKeyPermission } from '@ex/contract';

/**
 * Which permission a route needs when called with an API key (ADR 202); null: never with a key.
 * Account and security settings (passwords, bindings, the keys themselves) need a person with a
 * session, so a leaked key cannot lock its owner out or mint itself a wider key.
 */
const NEVER = [/^\/api\/app\/(account|apikeys|user\/(?!info$))/, /^\/api\/admin\//];
const TRADE = [/^\/api\/app\/spot\/orders/, /^\/api\/app\/contract\/(orders|positions|leverage)/];
const WITHDRAW = [/^\/api\/app\/wallet\/withdraw$/];

export function requiredPermission(method: string, routeUrl: string): ApiKeyPermission | null {
  if (NEVER.some((re) => re.test(routeUrl))) return null;
  if (method === 'GET') return 'read';
  if (TRADE.some((re) => re.test(routeUrl))) return 'trade';
  if (WITHDRAW.some((re) => re.test(routeUrl))) return 'withdraw';
  return null;
}
