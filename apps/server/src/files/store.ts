import type { Readable } from 'node:stream';

/**
 * The port every stored file goes through (ADR 240): uploaded images (public and private) and
 * release bundles. Keys are relative paths as they always lay under DATA_DIR (`uploads/<yyyymm>/
 * <hex>.<ext>`, `private/<hex>`, `releases/<uuid>.zip`), so the file system adapter keeps the
 * folders of existing data folders and the database adapter uses the same names.
 */
export interface FileStore {
  readonly kind: 'fs' | 'db';
  /**
   * The folder whose disk the free-space guard probes (ADR 123); undefined when the files are not
   * on this machine's disk (the database adapter: the per-user quota still applies).
   */
  readonly diskDir: string | undefined;
  /**
   * Stores `bytes` under a new key, whole or not at all (a reader never sees half a file). Throws
   * when the key exists already: keys are fresh random names, a repeat is a bug, not an update.
   * `private` files are readable by the server's user only where the adapter has such a notion.
   */
  put(key: string, bytes: Uint8Array, options?: { private?: boolean }): Promise<void>;
  /** The whole file, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The file as a stream (a release bundle is up to 50 MB), or undefined when there is none. */
  stream(key: string): Promise<Readable | undefined>;
  /** The size in bytes, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Slash-separated segments of letters, digits, `.`, `_`, `-`; none empty, none starting with a dot. */
const KEY_RE = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Refuses anything that is not a plain relative key (no `..`, no absolute path, no empty part). */
export function checkKey(key: string): string {
  if (!KEY_RE.test(key)) throw new Error(`not a file store key: ${JSON.stringify(key)}`);
  return key;
}

/** A public upload's key: `path` is what the upload route answers (`<yyyymm>/<hex>.<ext>`). */
export const publicUploadKey = (path: string): string => `uploads/${path}`;
/** A private upload's key: `id` is the bare hex id. */
export const privateUploadKey = (id: string): string => `private/${id}`;
/** A release bundle's key (`<dataDir>/releases/<id>.zip` on the file system, as before). */
export const releaseBundleKey = (id: string): string => `releases/${id}.zip`;
