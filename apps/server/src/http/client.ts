import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The key of a client address for limits: an IPv4 address as is, an IPv6 address cut to its /64.
 * One IPv6 customer usually holds a whole /64 (often far more), so per-address limits keyed on
 * the full address would give an attacker 2^64 fresh buckets (issue 7 item 5, ADR 100).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail counts as two groups; only the first four groups matter here anyway.
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** The client of a request (after the trusted proxies of TRUST_PROXY are peeled off). */
export function clientKeyOf(request: FastifyRequest): string {
  return clientAddressKey(request.ip);
}

/** The app's device id (`X-Device-Id`), if it sent a plausible one: a further code-send budget. */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-device-id'];
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(value) ? value : undefined;
}

/**
 * TRUST_PROXY for Fastify: a hop count becomes "trust the first n hops" (what Fastify does for a
 * number at run time, which its types do not admit); a list of addresses/CIDRs is passed on.
 */
export function trustProxyOption(
  value: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
