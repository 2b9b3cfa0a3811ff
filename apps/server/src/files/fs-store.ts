import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey, type FileStore } from './store.ts';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under DATA_DIR, where they always were (the embedded default, ADR 240). A file is written
 * to a temporary name and then hard-linked to its key: the link fails when the key exists (as the
 * old `wx` flag did) and a reader never sees a half-written file (as the release's rename did).
 */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : undefined;
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
}

export function fsFileStore(root: string): FileStore {
  const at = (key: string) => join(root, checkKey(key));
  return {
    kind: 'fs',
    diskDir: root,
    async put(key, bytes, options = {}) {
      const file = at(key);
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, bytes, { flag: 'wx', mode: options.private ? 0o600 : 0o644 });
      try {
        await link(tmp, file);
      } catch (error) {
        // A volume without hard links (some network or FAT mounts): rename, after a check.
        if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        if ((await sizeOf(file)) !== undefined)
          throw Object.assign(new Error(`${key} exists`), { code: 'EEXIST' });
        await rename(tmp, file);
      } finally {
        await unlink(tmp).catch(() => {});
      }
    },
    async get(key) {
      try {
        return await readFile(at(key));
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw error;
      }
    },
    async stream(key): Promise<Readable | undefined> {
      const file = at(key);
      return (await sizeOf(file)) === undefined ? undefined : createReadStream(file);
    },
    size: (key) => sizeOf(at(key)),
    async exists(key) {
      return (await sizeOf(at(key))) !== undefined;
    },
    async delete(key) {
      await rm(at(key), { force: true });
    },
  };
}
