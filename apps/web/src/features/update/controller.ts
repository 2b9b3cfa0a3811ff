import { type BundleFetcher, createBundleFetcher } from './download.ts';
import type { KeyValueStorage, NativeUpdater, UpdateCheck, UpdateInfo } from './port.ts';
import { isNewerVersion, parseSemver } from './semver.ts';
import { clampPercent, createUpdateStore, type UpdateStore } from './store.ts';
import type { VerifyFailure } from './verify.ts';

/** Spec section 9: the current version when the bundle reports none, and the one the built-in bundle checks with. */
export const FALLBACK_CURRENT_VERSION = '0.0.2';
export const BUILTIN_CHECK_VERSION = '0.0.1';
export const DEVICE_ID_KEY = 'device_id';
export const OPEN_APP_KEY = 'openApp';
/** Share of the bar for the JS download; the rest is the native plugin staging the same bytes. */
const JS_DOWNLOAD_SHARE = 80;

export type CheckOutcome =
  | { kind: 'skipped_web' }
  | { kind: 'busy' }
  | { kind: 'check_failed' }
  | { kind: 'empty' }
  | { kind: 'up_to_date'; current: string; latest: string }
  | { kind: 'installed'; version: string; bundleId: string }
  | { kind: 'failed'; reason: VerifyFailure | 'download_failed' | 'install_failed' };

export interface UpdateControllerDeps {
  native: NativeUpdater;
  check: UpdateCheck;
  storage: KeyValueStorage;
  publicKeyHex: string;
  /** Base for a relative `download_path` (the API origin). */
  baseUrl: string;
  fetchBundle?: BundleFetcher;
  store?: UpdateStore;
  newDeviceId?: () => string;
  /**
   * Also check once when started: a cold launch is the first time the app comes to the foreground,
   * and Capacitor sends no resume for it.
   */
  checkOnStart?: boolean;
  /** Told what every check ended with (the browser test reads it; a device could log it). */
  onOutcome?: (outcome: CheckOutcome) => void;
}

export interface UpdateController {
  store: UpdateStore;
  /** Runs one update check (what a resume does); resolves with what happened. */
  checkNow(): Promise<CheckOutcome>;
  /** Subscribes to resume/close; on the web platform it does nothing at all. */
  start(): () => void;
}

function randomDeviceId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** The stable per-install id sent with every check, generated once and kept in storage. */
export function deviceId(storage: KeyValueStorage, generate: () => string = randomDeviceId): string {
  const existing = storage.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  const id = generate();
  storage.setItem(DEVICE_ID_KEY, id);
  return id;
}

/**
 * The version the check sends and compares with: 0.0.1 for the built-in bundle (so any published
 * bundle replaces the store binary's web code), else the bundle's own version, falling back to 0.0.2
 * when it reports none or garbage.
 */
export function effectiveVersion(bundleVersion: string | undefined | null): string {
  if (bundleVersion === 'builtin') return BUILTIN_CHECK_VERSION;
  return parseSemver(bundleVersion) ? (bundleVersion as string) : FALLBACK_CURRENT_VERSION;
}

function isUpdateInfo(value: unknown): value is UpdateInfo {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.latest_version === 'string' && v.latest_version !== '' && typeof v.download_path === 'string'
  );
}

export function createUpdateController(deps: UpdateControllerDeps): UpdateController {
  const store = deps.store ?? createUpdateStore();
  const fetchBundle = deps.fetchBundle ?? createBundleFetcher();
  let busy = false;

  const progress = (value: number) => {
    const s = store.get();
    // Never move the bar backwards when the native stage reports from 0 again.
    if (s) store.set({ ...s, progress: Math.max(s.progress, clampPercent(value)) });
  };

  async function run(): Promise<CheckOutcome> {
    const cur = await deps.native.current();
    const version = effectiveVersion(cur.bundleVersion);
    let info: unknown;
    try {
      const pluginVersion = await deps.native.pluginVersion().catch(() => '0.0.0');
      info = await deps.check({
        platform: deps.native.platform(),
        device_id: deviceId(deps.storage, deps.newDeviceId),
        app_version: version,
        plugin_version: pluginVersion,
        native_version: cur.nativeVersion,
      });
    } catch {
      return { kind: 'check_failed' };
    }
    if (!isUpdateInfo(info)) return { kind: 'empty' };
    if (!isNewerVersion(info.latest_version, version)) {
      return { kind: 'up_to_date', current: version, latest: info.latest_version };
    }

    store.set({
      version: info.latest_version,
      content: info.release_content ?? '',
      progress: 0,
      phase: 'downloading',
    });
    const url = new URL(info.download_path, deps.baseUrl).toString();
    let bytes: Uint8Array;
    try {
      bytes = await fetchBundle(url, (p) => progress((clampPercent(p) * JS_DOWNLOAD_SHARE) / 100));
    } catch {
      store.set(null);
      return { kind: 'failed', reason: 'download_failed' };
    }
    // Loaded on first use: the web build never runs the flow and need not carry md5/ed25519.
    const { sha256Hex, verifyBundle } = await import('./verify.ts');
    const failure = verifyBundle(bytes, {
      md5: info.md5_sum ?? '',
      signature: info.signature,
      publicKeyHex: deps.publicKeyHex,
    });
    if (failure) {
      store.set(null);
      return { kind: 'failed', reason: failure };
    }
    let bundle: Awaited<ReturnType<NativeUpdater['download']>>;
    try {
      // The plugin fetches the same URL natively and checks the SHA-256 of the bytes verified above.
      bundle = await deps.native.download(
        { url, version: info.latest_version, checksum: sha256Hex(bytes) },
        (p) => progress(JS_DOWNLOAD_SHARE + (clampPercent(p) * (100 - JS_DOWNLOAD_SHARE)) / 100),
      );
    } catch {
      store.set(null);
      return { kind: 'failed', reason: 'download_failed' };
    }
    const s = store.get();
    if (s) store.set({ ...s, progress: 100, phase: 'installing' });
    try {
      await deps.native.set(bundle);
    } catch {
      store.set(null);
      return { kind: 'failed', reason: 'install_failed' };
    }
    // On a device `set` reloads the web view; closing only matters where it does not (fake, tests).
    store.set(null);
    return { kind: 'installed', version: info.latest_version, bundleId: bundle.id };
  }

  async function checkNow(): Promise<CheckOutcome> {
    if (deps.native.platform() === 'web') return { kind: 'skipped_web' };
    if (busy) return { kind: 'busy' };
    busy = true;
    let outcome: CheckOutcome;
    try {
      outcome = await run();
    } catch {
      store.set(null);
      outcome = { kind: 'check_failed' };
    } finally {
      busy = false;
    }
    deps.onOutcome?.(outcome);
    return outcome;
  }

  function start(): () => void {
    if (deps.native.platform() === 'web') return () => {};
    void deps.native.appReady?.().catch(() => {});
    const offResume = deps.native.onResume(() => {
      void checkNow();
    });
    const offClose = deps.native.onClose(() => deps.storage.removeItem(OPEN_APP_KEY));
    if (deps.checkOnStart) void checkNow();
    return () => {
      offResume();
      offClose();
    };
  }

  return { store, checkNow, start };
}
