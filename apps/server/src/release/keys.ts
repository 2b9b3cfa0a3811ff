import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import { DEV_RELEASE_PUBLIC_KEY } from './dev-key.ts';

/**
 * The release PUBLIC key the server checks uploads against (ADR 128). The private half never
 * reaches the server: `npm run release` signs the bundle where the operator keeps the key, the
 * upload carries the signature, and the server refuses any bundle whose signature does not verify.
 * An admin token alone can therefore no longer ship code to every installed app.
 */
export interface ReleaseKey {
  publicKeyHex: string;
  /** `env`: RELEASE_PUBLIC_KEY; `dev`: the public DEV/TEST key of the embedded default. */
  source: 'env' | 'dev';
  /** True when `signatureHex` is this key's ed25519 signature over exactly `message`. */
  verify(message: Uint8Array, signatureHex: string): boolean;
}

/** Where servers before ADR 128 kept the private signing seed, beside the database. */
export const LEGACY_SIGNING_KEY_FILE = 'release-signing-key';

export class ReleaseKeyError extends Error {}

export function isPublicKeyHex(value: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(value)) return false;
  try {
    ed25519.Point.fromHex(value.toLowerCase());
    return true;
  } catch {
    return false;
  }
}

/**
 * RELEASE_PUBLIC_KEY when set; otherwise, outside production, the DEV/TEST key whose seed is public
 * (dev-key.ts), so `npm start` and a default web build work together with no setup. Production
 * must name its own key: the DEV key would accept bundles signed by anyone who reads this repository.
 */
export function loadReleaseKey(opts: {
  envPublicKey?: string | undefined;
  production: boolean;
  /** RELEASE_SIGNING_KEY in the server's environment: a production server must not hold it. */
  envSigningKey?: string | undefined;
}): ReleaseKey {
  if (opts.production && opts.envSigningKey?.trim()) {
    throw new ReleaseKeyError(
      'RELEASE_SIGNING_KEY must not be given to a production server: keep it offline for npm run release',
    );
  }
  const env = opts.envPublicKey?.trim();
  if (env && !isPublicKeyHex(env)) {
    throw new ReleaseKeyError('RELEASE_PUBLIC_KEY must be 64 hex characters (an ed25519 public key)');
  }
  if (opts.production && !env) {
    throw new ReleaseKeyError(
      'RELEASE_PUBLIC_KEY is required in production: the public half of the key npm run release signs with',
    );
  }
  const publicKeyHex = (env ?? DEV_RELEASE_PUBLIC_KEY).toLowerCase();
  if (opts.production && publicKeyHex === DEV_RELEASE_PUBLIC_KEY) {
    throw new ReleaseKeyError('RELEASE_PUBLIC_KEY is the public DEV/TEST key: its private seed is published');
  }
  const key = hexToBytes(publicKeyHex);
  return {
    publicKeyHex,
    source: env ? 'env' : 'dev',
    verify: (message, signatureHex) => {
      if (!/^[0-9a-fA-F]{128}$/.test(signatureHex)) return false;
      try {
        return ed25519.verify(hexToBytes(signatureHex.toLowerCase()), message, key);
      } catch {
        return false;
      }
    },
  };
}

/** A private seed left in DATA_DIR by an older server: it no longer belongs there. */
export function legacySigningKeyFile(dataDir: string): string | undefined {
  const file = join(dataDir, LEGACY_SIGNING_KEY_FILE);
  return existsSync(file) ? file : undefined;
}
