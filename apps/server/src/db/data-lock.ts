import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Only one PGlite may own a data folder: two would both write its files and corrupt it (PGlite takes
 * no lock itself). `<dataDir>.lock` holds the owner's pid, created exclusively. A lock whose process
 * is gone is stale and taken over; so is one naming this process's pid that this process does not
 * hold (a container restarts its server as the same pid 1), like PostgreSQL's postmaster.pid.
 * Returns the release, which deletes the file.
 */
export function lockDataFolder(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  if (held.has(path)) throw new Error(`PGlite data folder ${dataDir} is already open in this process`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      held.add(path);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
    } catch {
      continue; // released between our two calls: try again
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new Error(
        `PGlite data folder ${dataDir} is in use by process ${owner} (${path}); stop it first, or delete the lock file if no server runs on this folder`,
      );
    }
    rmSync(path, { force: true });
  }
  throw new Error(`could not lock PGlite data folder ${dataDir} (${path})`);
}
