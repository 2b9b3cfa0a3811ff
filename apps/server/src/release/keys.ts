import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';

export interface SigningKey {
  publicKeyHex: string;
  /** Where the key came from, for the start-up log (never the key itself). */
  source: 'env' | 'file' | 'generated';
  sign(message: Uint8Array): string;
}

export const SIGNING_KEY_FILE = 'release-signing-key';

function fromSeed(seedHex: string, source: SigningKey['source']): SigningKey {
  if (!/^[0-9a-fA-F]{64}$/.test(seedHex)) {
    throw new Error('RELEASE_SIGNING_KEY must be 64 hex characters (an ed25519 seed)');
  }
  const seed = hexToBytes(seedHex.toLowerCase());
  return {
    publicKeyHex: bytesToHex(ed25519.getPublicKey(seed)),
    source,
    sign: (message) => bytesToHex(ed25519.sign(message, seed)),
  };
}

/**
 * The bundle signing key: `RELEASE_SIGNING_KEY` (hex seed) when set, else `DATA_DIR/release-signing-key`,
 * generated on first start (mode 600). Losing it means shipped apps refuse every new bundle until a
 * store update brings the new public key, so back that file up with the database.
 */
export function loadSigningKey(opts: { dataDir: string; envKey?: string | undefined }): SigningKey {
  if (opts.envKey) return fromSeed(opts.envKey.trim(), 'env');
  const file = join(opts.dataDir, SIGNING_KEY_FILE);
  if (existsSync(file)) return fromSeed(readFileSync(file, 'utf8').trim(), 'file');
  mkdirSync(opts.dataDir, { recursive: true });
  const seedHex = randomBytes(32).toString('hex');
  writeFileSync(file, `${seedHex}\n`, { mode: 0o600, flag: 'wx' });
  return fromSeed(seedHex, 'generated');
}
