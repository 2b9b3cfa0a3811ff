/**
 * DEV/TEST ONLY. The ed25519 seed (hex) whose public key is the fallback built into the web app when
 * `VITE_UPDATE_PUBLIC_KEY` is not set (apps/web/src/features/update/keys.ts). Tests and the browser
 * test start the server with `RELEASE_SIGNING_KEY` set to it so a default build accepts their
 * bundles. It is public: a production server generates its own key (or gets one from the env) and
 * the store builds bake in that key's public half. Derivation: sha256 of the text below.
 */
export const DEV_RELEASE_SIGNING_SEED = '306cfa453d0dc41ae4bde46ac550e3a4348e393b516f0b959749364b0eaf71ee';
export const DEV_RELEASE_SIGNING_SEED_SOURCE = 'exchange dev/test update signing key - never for production';
export const DEV_RELEASE_PUBLIC_KEY = '6ca26e81bbd5e34976d7bf5df4e1ef20615cb1d74d4af0da92de10d2f979c7dd';
