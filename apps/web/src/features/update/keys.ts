/**
 * The ed25519 public key that update bundles must be signed with, baked in at build time
 * (`VITE_UPDATE_PUBLIC_KEY`, hex; `npm run release` fetches it from the server's
 * `GET /api/app/update/public-key`). Without it the build falls back to the DEV/TEST key below,
 * whose private half is public in this repository (apps/server/src/release/dev-key.ts): a build
 * for the stores must set the variable. See docs/adr/041-update-signing.md.
 */
export const DEV_UPDATE_PUBLIC_KEY = '6ca26e81bbd5e34976d7bf5df4e1ef20615cb1d74d4af0da92de10d2f979c7dd';

function buildTimeKey(): string | undefined {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  const key = env?.VITE_UPDATE_PUBLIC_KEY?.trim();
  return key ? key : undefined;
}

export const UPDATE_PUBLIC_KEY: string = buildTimeKey() ?? DEV_UPDATE_PUBLIC_KEY;
