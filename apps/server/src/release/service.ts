import { createHash, randomUUID } from 'node:crypto';
import { LANGS, type Lang, type ServerMessageKey } from '@ex/i18n';
import { unzipSync } from 'fflate';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fsFileStore } from '../files/fs-store.ts';
import { type FileStore, releaseBundleKey } from '../files/store.ts';
import type { ReleaseKey } from './keys.ts';
import { inRollout } from './rollout.ts';
import {
  insertRelease,
  type ReleasePlatform,
  type ReleaseRow,
  type ReleasesTable,
  releasesOf,
} from './store.ts';
import { compareNative, compareSemver, isNativeVersion, isSemver } from './versions.ts';

export const DEFAULT_MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
const MAX_NOTES_CHARS = 2000;
const PUBLISH_FIELDS = [
  'version',
  'platform',
  'min_native_version',
  'rollout_percent',
  'release_content',
  // Hex ed25519 signature over the zip bytes, made offline by `npm run release` (ADR 128).
  'signature',
] as const;

export interface ReleaseServiceDeps {
  db: Kysely<Database>;
  /** The data folder (bundles are stored in `<dataDir>/releases/<id>.zip` unless `files` is given). */
  dataDir: string;
  /** Where bundles are stored, key `releases/<id>.zip` (ADR 240); the data folder when unset. */
  files?: FileStore;
  /** The release public key uploads must be signed for; the server holds no private key. */
  releaseKey: ReleaseKey;
  now?: () => number;
  maxBundleBytes?: number;
}

/**
 * A release form's problem: a `release.*` message of the server catalogue, or one of the shared
 * `validation.required` / `validation.unknown_field`.
 */
export type ReleaseMessageKey =
  | Extract<ServerMessageKey, `release.${string}`>
  | 'validation.required'
  | 'validation.unknown_field';

export interface FieldProblem {
  key: ReleaseMessageKey;
  params?: Record<string, string | number>;
}

export type PublishOutcome =
  | { ok: true; release: PublicRelease }
  | { ok: false; errors: Record<string, FieldProblem[]> };

/** A release as the admin API shows it. */
export interface PublicRelease {
  id: string;
  platform: ReleasePlatform;
  version: string;
  min_native_version: string;
  rollout_percent: number;
  release_content: Record<Lang, string>;
  md5: string;
  sha256: string;
  signature: string;
  size_bytes: number;
  download_path: string;
  created_at: number;
}

/** The answer of `POST /api/app/update` (spec fields plus `sha256` and `signature`). */
export interface UpdateAnswer {
  latest_version: string;
  release_content: string;
  download_path: string;
  md5_sum: string;
  sha256: string;
  signature: string;
}

export function downloadPath(id: string): string {
  return `/api/app/update/bundles/${id}.zip`;
}

/** The file store of the deps: the given one, else the data folder (as before ADR 240). */
export function bundleStore(deps: Pick<ReleaseServiceDeps, 'dataDir' | 'files'>): FileStore {
  return deps.files ?? fsFileStore(deps.dataDir);
}

export function toPublic(row: ReleaseRow | Insertable<ReleasesTable>): PublicRelease {
  return {
    id: row.id,
    platform: row.platform,
    version: row.version,
    min_native_version: row.min_native_version,
    rollout_percent: row.rollout_percent,
    release_content: JSON.parse(row.release_content) as Record<Lang, string>,
    md5: row.md5,
    sha256: row.sha256,
    signature: row.signature,
    size_bytes: Number(row.size_bytes),
    download_path: downloadPath(row.id),
    created_at: Number(row.created_at),
  };
}

/** A zip (by its local-file signature and a full parse) with `index.html` at the top or one folder down. */
function isWebBundle(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) {
    return false;
  }
  const names: string[] = [];
  try {
    // The filter sees every entry but decompresses none: we only need the listing.
    unzipSync(bytes, {
      filter: (f) => {
        names.push(f.name);
        return false;
      },
    });
  } catch {
    return false;
  }
  return names.some((n) => n === 'index.html' || /^[^/]+\/index\.html$/.test(n));
}

function parseContent(raw: string | undefined): Record<Lang, string> | FieldProblem {
  const invalid: FieldProblem = { key: 'release.content_invalid', params: { langs: LANGS.join(', ') } };
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return invalid;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return invalid;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (
    keys.length !== LANGS.length ||
    !LANGS.every((l) => typeof obj[l] === 'string' && obj[l].trim() !== '')
  ) {
    return invalid;
  }
  if (LANGS.some((l) => (obj[l] as string).length > MAX_NOTES_CHARS)) {
    return { key: 'release.content_too_long', params: { max: MAX_NOTES_CHARS } };
  }
  return Object.fromEntries(LANGS.map((l) => [l, (obj[l] as string).trim()])) as Record<Lang, string>;
}

export function createReleaseService(deps: ReleaseServiceDeps) {
  const now = deps.now ?? Date.now;
  const maxBytes = deps.maxBundleBytes ?? DEFAULT_MAX_BUNDLE_BYTES;
  const files = bundleStore(deps);

  /**
   * Checks every field first, the offline signature last (over the exact bytes received), then
   * writes the file and the row; nothing is kept on any refusal.
   */
  async function publish(input: {
    fields: Record<string, string>;
    bundle: Uint8Array | undefined;
    bundleTooLarge?: boolean;
    createdBy?: string;
  }): Promise<PublishOutcome> {
    const errors: Record<string, FieldProblem[]> = {};
    const add = (field: string, problem: FieldProblem) => {
      errors[field] ??= [];
      errors[field].push(problem);
    };
    const f = input.fields;
    for (const name of Object.keys(f)) {
      if (!(PUBLISH_FIELDS as readonly string[]).includes(name))
        add(name, { key: 'validation.unknown_field' });
    }
    for (const name of PUBLISH_FIELDS) {
      if (f[name] === undefined || f[name].trim() === '') add(name, { key: 'validation.required' });
    }
    const version = f.version?.trim() ?? '';
    if (version && (version.length > 64 || !isSemver(version)))
      add('version', { key: 'release.version_invalid' });
    const platform = f.platform?.trim();
    if (platform && platform !== 'android' && platform !== 'ios')
      add('platform', { key: 'release.platform_invalid' });
    const minNative = f.min_native_version?.trim() ?? '';
    if (minNative && !isNativeVersion(minNative))
      add('min_native_version', { key: 'release.native_version_invalid' });
    const rolloutRaw = f.rollout_percent?.trim() ?? '';
    const rollout = /^\d{1,3}$/.test(rolloutRaw) ? Number(rolloutRaw) : Number.NaN;
    if (rolloutRaw && !(rollout >= 0 && rollout <= 100))
      add('rollout_percent', { key: 'release.rollout_invalid' });
    let content: Record<Lang, string> | undefined;
    if (f.release_content?.trim()) {
      const parsed = parseContent(f.release_content);
      if ('key' in parsed) add('release_content', parsed as FieldProblem);
      else content = parsed;
    }
    if (input.bundleTooLarge)
      add('bundle', { key: 'release.bundle_too_large', params: { max: Math.floor(maxBytes / 1048576) } });
    else if (!input.bundle || input.bundle.length === 0) add('bundle', { key: 'validation.required' });
    else if (input.bundle.length > maxBytes) {
      add('bundle', { key: 'release.bundle_too_large', params: { max: Math.floor(maxBytes / 1048576) } });
    } else if (!isWebBundle(input.bundle)) add('bundle', { key: 'release.bundle_not_zip' });
    const signature = f.signature?.trim().toLowerCase() ?? '';
    if (signature && !/^[0-9a-f]{128}$/.test(signature))
      add('signature', { key: 'release.signature_invalid' });
    if (Object.keys(errors).length > 0 || !content || !input.bundle) return { ok: false, errors };
    if (!deps.releaseKey.verify(input.bundle, signature)) {
      return {
        ok: false,
        errors: {
          signature: [
            { key: 'release.signature_mismatch', params: { key: deps.releaseKey.publicKeyHex.slice(0, 16) } },
          ],
        },
      };
    }

    const plat = platform as ReleasePlatform;
    const published = await releasesOf(deps.db, plat);
    const latest = published[0];
    if (latest && compareSemver(version, latest.version) <= 0) {
      return {
        ok: false,
        errors: { version: [{ key: 'release.version_not_newer', params: { latest: latest.version } }] },
      };
    }
    // The signature covers the bytes, not the version: an old signed bundle re-uploaded under a
    // new version number would roll every device back to old code (ADR 128). Same bytes, refused.
    const sha256 = createHash('sha256').update(input.bundle).digest('hex');
    const earlier = published.find((r) => r.sha256 === sha256);
    if (earlier) {
      return {
        ok: false,
        errors: { bundle: [{ key: 'release.bundle_republished', params: { version: earlier.version } }] },
      };
    }

    const bytes = input.bundle;
    const id = randomUUID();
    const row: Insertable<ReleasesTable> = {
      id,
      platform: plat,
      version,
      min_native_version: minNative,
      rollout_percent: rollout,
      release_content: JSON.stringify(content),
      md5: createHash('md5').update(bytes).digest('hex'),
      sha256,
      signature,
      size_bytes: String(bytes.length),
      created_by: input.createdBy ?? null,
      created_at: String(now()),
    };
    const key = releaseBundleKey(id);
    // Stored whole before the row exists: a half-written bundle is never served under a release id.
    await files.put(key, bytes);
    try {
      await insertRelease(deps.db, row);
    } catch (error) {
      await files.delete(key).catch(() => {});
      // Two uploads of the same version racing: the unique (platform, version) key refused one.
      const again = (await releasesOf(deps.db, plat))[0];
      if (again && compareSemver(version, again.version) <= 0) {
        return {
          ok: false,
          errors: { version: [{ key: 'release.version_not_newer', params: { latest: again.version } }] },
        };
      }
      throw error;
    }
    return { ok: true, release: toPublic(row) };
  }

  /**
   * The release for one device: the newest of its platform whose minimum native version the device
   * meets and whose rollout includes the device's bucket; `null` when there is none. An older
   * release stays the answer for the devices a newer, partial rollout does not reach yet.
   */
  async function answer(
    req: { platform: string; device_id: string; native_version?: string | undefined },
    lang: Lang,
  ): Promise<UpdateAnswer | null> {
    if (req.platform !== 'android' && req.platform !== 'ios') return null;
    for (const r of await releasesOf(deps.db, req.platform)) {
      if (compareNative(r.min_native_version, req.native_version) > 0) continue;
      if (!inRollout(req.device_id, r.id, r.rollout_percent)) continue;
      const content = JSON.parse(r.release_content) as Record<Lang, string>;
      return {
        latest_version: r.version,
        release_content: content[lang] ?? content.de,
        download_path: downloadPath(r.id),
        md5_sum: r.md5,
        sha256: r.sha256,
        signature: r.signature,
      };
    }
    return null;
  }

  return { publish, answer };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
