import { sha256 } from '@noble/hashes/sha2';

// The same check the server makes (apps/server/src/chain/address.ts), for feedback while typing:
// base58check, 21 bytes, version byte 0x41 (so the text starts with T).

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const SHAPE_RE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

function base58Decode(text: string): Uint8Array {
  let n = 0n;
  for (const ch of text) n = n * 58n + BigInt(ALPHABET.indexOf(ch));
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function isTronAddress(address: string): boolean {
  if (!SHAPE_RE.test(address)) return false;
  const raw = base58Decode(address);
  if (raw.length !== 25 || raw[0] !== 0x41) return false;
  const check = sha256(sha256(raw.subarray(0, 21)));
  for (let i = 0; i < 4; i++) if (check[i] !== raw[21 + i]) return false;
  return true;
}

/** "TNPeea…1NYqeL" for lists; the full address is shown where it matters. */
export function shortAddress(address: string, head = 6, tail = 6): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}
