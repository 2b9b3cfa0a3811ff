/**
 * DEV/TEST ONLY. The ed25519 seed (hex) whose public key is the fallback built into the web app when
 * `VITE_UPDATE_PUBLIC_KEY` is not set (apps/web/src/features/update/keys.ts) and the key a server
 * without `RELEASE_PUBLIC_KEY` verifies uploads against (ADR 128). Tests, the browser tests and
 * `npm run release` against a demo server sign with it. It is public: production refuses its public
 * half; the operator signs offline with a key of their own whose public half the store builds bake
 * in. Derivation: sha256 of the text below. scripts/release.mjs repeats the seed.
 */
export const DEV_RELEASE_SIGNING_SEED = '306cfa453d0dc41ae4bde46ac550e3a4348e393b516f0b959749364b0eaf71ee';
export const DEV_RELEASE_SIGNING_SEED_SOURCE = 'exchange dev/test update signing key - never for production';
export const DEV_RELEASE_PUBLIC_KEY = '6ca26e81bbd5e34976d7bf5df4e1ef20615cb1d74d4af0da92de10d2f979c7dd';
