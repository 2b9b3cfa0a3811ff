import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicKeyOf } from '@ex/verify-liabilities';
import { hexToBytes } from '@noble/hashes/utils';

/** Beside the database on the embedded default, readable by the server's user only. */
export const LIABILITIES_KEY_FILE = 'liabilities-signing-key';

export interface LiabilitiesKey {
  secret: Uint8Array;
  publicKeyHex: string;
  source: 'env' | 'file';
}

/**
 * The ed25519 key that signs every published root (ADR 140). LIABILITIES_SIGNING_KEY (64 hex) when
 * set; otherwise, outside production, a seed generated once into DATA_DIR with mode 0600. Production
 * must bring its own key (a key born inside a data folder is only as safe as the folder's backups),
 * so there it is undefined and snapshots are refused until it is set.
 */
export function loadLiabilitiesKey(opts: {
  env: string | undefined;
  production: boolean;
  dataDir: string;
}): LiabilitiesKey | undefined {
  const env = opts.env?.trim();
  if (env) {
    const secret = hexToBytes(env.toLowerCase());
    return { secret, publicKeyHex: publicKeyOf(secret), source: 'env' };
  }
  if (opts.production) return undefined;
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, LIABILITIES_KEY_FILE);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  // An older file may have been copied with looser rights: tighten it every start.
  chmodSync(file, 0o600);
  const secret = hexToBytes(readFileSync(file, 'utf8').trim());
  return { secret, publicKeyHex: publicKeyOf(secret), source: 'file' };
}
