// TRON addresses: 0x41 + the last 20 bytes of keccak256(uncompressed public key without its 0x04
// prefix), written in base58check (4 checksum bytes = first 4 of sha256(sha256(payload))).

import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';

const b58c = createBase58check(sha256);
export const TRON_PREFIX = 0x41;
/** A base58check TRON address is 34 characters and starts with T (the 0x41 prefix). */
const SHAPE_RE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The 21 raw bytes (0x41 + 20) of a public key, compressed or not. */
export function addressBytesOfPublicKey(publicKey: Uint8Array): Uint8Array {
  const point = secp256k1.Point.fromHex(bytesToHex(publicKey));
  const uncompressed = point.toRawBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const out = new Uint8Array(21);
  out[0] = TRON_PREFIX;
  out.set(hash.subarray(12), 1);
  return out;
}

export function encodeAddress(raw: Uint8Array): string {
  if (raw.length !== 21 || raw[0] !== TRON_PREFIX)
    throw new Error('a TRON address has 21 bytes starting with 0x41');
  return b58c.encode(raw);
}

export function addressOfPublicKey(publicKey: Uint8Array): string {
  return encodeAddress(addressBytesOfPublicKey(publicKey));
}

export function addressOfPrivateKey(privateKey: Uint8Array): string {
  return addressOfPublicKey(secp256k1.getPublicKey(privateKey, false));
}

/** The 21 raw bytes of a base58check address, or null when the shape, prefix or checksum is wrong. */
export function decodeAddress(address: string): Uint8Array | null {
  if (!SHAPE_RE.test(address)) return null;
  try {
    const raw = b58c.decode(address);
    return raw.length === 21 && raw[0] === TRON_PREFIX ? raw : null;
  } catch {
    return null;
  }
}

export function isTronAddress(address: string): boolean {
  return decodeAddress(address) !== null;
}

/** "41" + 40 hex digits, the form the node's `/wallet/*` calls take without `visible`. */
export function addressToHex(address: string): string {
  const raw = decodeAddress(address);
  if (raw === null) throw new Error(`not a TRON address: ${address}`);
  return bytesToHex(raw);
}

export function hexToAddress(hex: string): string {
  return encodeAddress(hexToBytes(hex.toLowerCase().replace(/^0x/, '')));
}
