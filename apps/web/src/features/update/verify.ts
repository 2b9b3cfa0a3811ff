import { ed25519 } from '@noble/curves/ed25519';
import { md5 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';

export type VerifyFailure = 'md5_mismatch' | 'signature_invalid';

export function md5Hex(bytes: Uint8Array): string {
  return bytesToHex(md5(bytes));
}

export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

function safeHexToBytes(hex: string | undefined, length: number): Uint8Array | null {
  if (typeof hex !== 'string' || hex.length !== length * 2 || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  return hexToBytes(hex.toLowerCase());
}

/**
 * Checks a downloaded bundle before anything is installed: md5 against the spec's `md5_sum`, then
 * the ed25519 signature (over the raw zip bytes) against the public key built into the app. md5 alone
 * only catches corruption; the signature is what stops a bundle the release server did not sign.
 */
export function verifyBundle(
  bytes: Uint8Array,
  expected: { md5: string; signature: string | undefined; publicKeyHex: string },
): VerifyFailure | null {
  if (md5Hex(bytes) !== expected.md5.trim().toLowerCase()) return 'md5_mismatch';
  const sig = safeHexToBytes(expected.signature, 64);
  const key = safeHexToBytes(expected.publicKeyHex, 32);
  if (!sig || !key) return 'signature_invalid';
  try {
    return ed25519.verify(sig, bytes, key) ? null : 'signature_invalid';
  } catch {
    // noble throws on malformed points; for us that is just a signature that does not verify.
    return 'signature_invalid';
  }
}
