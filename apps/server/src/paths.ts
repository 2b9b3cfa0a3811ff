import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits one level below apps/server both as src/paths.ts (tsx, tests) and inside the
// bundle dist/main.js, so `..` is apps/server in both cases.
export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = resolve(SERVER_ROOT, '../web/dist');
export const ADMIN_DIST = resolve(SERVER_ROOT, '../admin/dist');
