import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex } from '@noble/hashes/utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILTIN_CHECK_VERSION,
  createUpdateController,
  DEVICE_ID_KEY,
  effectiveVersion,
  FALLBACK_CURRENT_VERSION,
  OPEN_APP_KEY,
} from './controller.ts';
import { createFakeNativeUpdater, type FakeUpdaterConfig } from './fake-adapter.ts';
import type { UpdateCheckRequest, UpdateInfo } from './port.ts';
import type { UpdatePopupState } from './store.ts';
import { md5Hex, sha256Hex } from './verify.ts';

const seed = new Uint8Array(32).fill(7);
const publicKeyHex = bytesToHex(ed25519.getPublicKey(seed));
const bundle = new TextEncoder().encode('PK\u0003\u0004 pretend this is a zip of dist/');
const signature = bytesToHex(ed25519.sign(bundle, seed));

function release(over: Partial<UpdateInfo> = {}): UpdateInfo {
  return {
    latest_version: '1.2.0',
    release_content: 'Faster charts',
    download_path: '/api/app/update/bundles/r1.zip',
    md5_sum: md5Hex(bundle),
    sha256: sha256Hex(bundle),
    signature,
    ...over,
  };
}

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

function setup(opts: {
  answer?: UpdateInfo | null | undefined | Record<string, unknown>;
  fake?: FakeUpdaterConfig;
  progress?: number[];
  failFetch?: boolean;
  bytes?: Uint8Array;
}) {
  const storage = memoryStorage();
  const requests: UpdateCheckRequest[] = [];
  const fetched: string[] = [];
  const native = createFakeNativeUpdater(opts.fake ?? {}, async () => opts.bytes ?? bundle);
  const states: (UpdatePopupState | null)[] = [];
  const ctrl = createUpdateController({
    native,
    storage,
    publicKeyHex,
    baseUrl: 'https://api.example.test',
    check: async (req) => {
      requests.push(req);
      return ('answer' in opts ? opts.answer : release()) as UpdateInfo | null;
    },
    fetchBundle: async (url, onProgress) => {
      fetched.push(url);
      for (const p of opts.progress ?? [10, 50, 100]) onProgress(p);
      if (opts.failFetch) throw new Error('network down');
      return opts.bytes ?? bundle;
    },
    newDeviceId: () => 'device-1',
  });
  ctrl.store.subscribe(() => states.push(ctrl.store.get()));
  return { ctrl, native, storage, requests, fetched, states };
}

describe('update flow', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup({});
  });

  it('downloads, verifies md5 and signature, then installs a newer bundle', async () => {
    const out = await t.ctrl.checkNow();
    expect(out).toEqual({ kind: 'installed', version: '1.2.0', bundleId: 'fake-1' });
    expect(t.requests).toEqual([
      {
        platform: 'android',
        device_id: 'device-1',
        app_version: '0.0.1',
        plugin_version: '7.0.0',
        native_version: '1.0.0',
      },
    ]);
    expect(t.fetched).toEqual(['https://api.example.test/api/app/update/bundles/r1.zip']);
    expect(t.native.config.downloads).toEqual([
      {
        url: 'https://api.example.test/api/app/update/bundles/r1.zip',
        version: '1.2.0',
        checksum: sha256Hex(bundle),
      },
    ]);
    expect(t.native.config.installed).toEqual([{ id: 'fake-1', version: '1.2.0' }]);
    const shown = t.states.filter((s) => s !== null);
    expect(shown[0]).toMatchObject({ version: '1.2.0', content: 'Faster charts', progress: 0 });
    expect(shown.at(-1)).toMatchObject({ progress: 100, phase: 'installing' });
    expect(t.ctrl.store.get()).toBeNull();
  });

  it.each([null, undefined, {}, { latest_version: '' }, 'nope'])(
    'ignores the empty answer %j',
    async (answer) => {
      const s = setup({ answer: answer as null });
      const out = await s.ctrl.checkNow();
      expect(out).toEqual({ kind: 'empty' });
      expect(s.states).toEqual([]);
      expect(s.fetched).toEqual([]);
      expect(s.native.config.installed).toEqual([]);
    },
  );

  it.each([
    ['older', '1.1.9'],
    ['equal', '1.2.0'],
    ['invalid', 'latest'],
  ])('does nothing when the latest version is %s', async (_name, latest) => {
    const s = setup({ fake: { bundleVersion: '1.2.0' }, answer: release({ latest_version: latest }) });
    const out = await s.ctrl.checkNow();
    expect(out).toMatchObject({ kind: 'up_to_date', current: '1.2.0' });
    expect(s.states).toEqual([]);
    expect(s.native.config.installed).toEqual([]);
  });

  it('shows the pop-up for a newer version over a downloaded bundle', async () => {
    const s = setup({ fake: { bundleVersion: '1.1.0' } });
    expect(await s.ctrl.checkNow()).toMatchObject({ kind: 'installed', version: '1.2.0' });
    expect(s.requests[0]?.app_version).toBe('1.1.0');
  });

  describe('fallback versions', () => {
    it('checks with 0.0.1 when the running bundle is the built-in one', async () => {
      const s = setup({ fake: { bundleVersion: 'builtin' }, answer: null });
      await s.ctrl.checkNow();
      expect(s.requests[0]?.app_version).toBe(BUILTIN_CHECK_VERSION);
      expect(BUILTIN_CHECK_VERSION).toBe('0.0.1');
    });

    it.each(['', 'garbage'])('falls back to 0.0.2 when the bundle reports %j', async (v) => {
      const s = setup({ fake: { bundleVersion: v }, answer: release({ latest_version: '0.0.2' }) });
      const out = await s.ctrl.checkNow();
      expect(s.requests[0]?.app_version).toBe(FALLBACK_CURRENT_VERSION);
      expect(FALLBACK_CURRENT_VERSION).toBe('0.0.2');
      // 0.0.2 is not newer than the fallback current version 0.0.2.
      expect(out).toMatchObject({ kind: 'up_to_date' });
    });

    it('maps versions', () => {
      expect(effectiveVersion('builtin')).toBe('0.0.1');
      expect(effectiveVersion(undefined)).toBe('0.0.2');
      expect(effectiveVersion(null)).toBe('0.0.2');
      expect(effectiveVersion('3.4.5')).toBe('3.4.5');
    });
  });

  it('keeps the progress within 0..100 whatever the download reports', async () => {
    const s = setup({ progress: [-50, Number.NaN, 30, 1e9, Number.POSITIVE_INFINITY, -1] });
    await s.ctrl.checkNow();
    const values = s.states.filter((x) => x !== null).map((x) => x!.progress);
    expect(values.length).toBeGreaterThan(3);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
    expect(values.at(-1)).toBe(100);
  });

  it('refuses a bundle whose md5 differs and closes the pop-up', async () => {
    const s = setup({ answer: release({ md5_sum: md5Hex(new Uint8Array([1, 2, 3])) }) });
    expect(await s.ctrl.checkNow()).toEqual({ kind: 'failed', reason: 'md5_mismatch' });
    expect(s.native.config.downloads).toEqual([]);
    expect(s.native.config.installed).toEqual([]);
    expect(s.ctrl.store.get()).toBeNull();
  });

  it('refuses a tampered bundle even when md5 matches it (signature over the original)', async () => {
    const tampered = new TextEncoder().encode('PK\u0003\u0004 evil bundle');
    const s = setup({ bytes: tampered, answer: release({ md5_sum: md5Hex(tampered) }) });
    expect(await s.ctrl.checkNow()).toEqual({ kind: 'failed', reason: 'signature_invalid' });
    expect(s.native.config.installed).toEqual([]);
    expect(s.ctrl.store.get()).toBeNull();
  });

  it.each([
    ['signed with another key', bytesToHex(ed25519.sign(bundle, new Uint8Array(32).fill(9)))],
    ['missing', undefined],
    ['malformed', 'zz'],
    ['all zero', '0'.repeat(128)],
  ])('refuses a signature that is %s', async (_n, sig) => {
    const s = setup({ answer: release({ signature: sig }) });
    expect(await s.ctrl.checkNow()).toEqual({ kind: 'failed', reason: 'signature_invalid' });
    expect(s.native.config.installed).toEqual([]);
    expect(s.ctrl.store.get()).toBeNull();
  });

  it('stops the install and closes the pop-up when the download fails', async () => {
    const s = setup({ failFetch: true });
    expect(await s.ctrl.checkNow()).toEqual({ kind: 'failed', reason: 'download_failed' });
    expect(s.states.some((x) => x !== null)).toBe(true); // it was shown...
    expect(s.ctrl.store.get()).toBeNull(); // ...and closed
    expect(s.native.config.downloads).toEqual([]);
    expect(s.native.config.installed).toEqual([]);
  });

  it('closes the pop-up when the native download fails', async () => {
    const s = setup({ fake: { failDownload: true } });
    expect(await s.ctrl.checkNow()).toEqual({ kind: 'failed', reason: 'download_failed' });
    expect(s.ctrl.store.get()).toBeNull();
    expect(s.native.config.installed).toEqual([]);
  });

  it('stays silent when the check itself fails', async () => {
    const s = setup({});
    const ctrl = createUpdateController({
      native: s.native,
      storage: s.storage,
      publicKeyHex,
      baseUrl: 'https://x.test',
      check: async () => {
        throw new Error('offline');
      },
    });
    expect(await ctrl.checkNow()).toEqual({ kind: 'check_failed' });
    expect(ctrl.store.get()).toBeNull();
  });

  it('runs no check at all on the web platform', async () => {
    const s = setup({ fake: { platform: 'web' } });
    const on = vi.spyOn(s.native, 'onResume');
    const stop = s.ctrl.start();
    s.native.resume();
    expect(await s.ctrl.checkNow()).toEqual({ kind: 'skipped_web' });
    expect(on).not.toHaveBeenCalled();
    expect(s.requests).toEqual([]);
    stop();
  });

  it('checks every time the app returns to the foreground', async () => {
    const s = setup({ answer: null });
    const stop = s.ctrl.start();
    s.native.resume();
    await vi.waitFor(() => expect(s.requests.length).toBe(1));
    s.native.resume();
    await vi.waitFor(() => expect(s.requests.length).toBe(2));
    stop();
    s.native.resume();
    await Promise.resolve();
    expect(s.requests.length).toBe(2);
  });

  it('ignores a resume while an update is already running', async () => {
    const s = setup({});
    const first = s.ctrl.checkNow();
    expect(await s.ctrl.checkNow()).toEqual({ kind: 'busy' });
    await first;
    expect(s.native.config.installed?.length).toBe(1);
  });

  it('keeps one device id across checks and removes openApp when the app closes', async () => {
    const s = setup({ answer: null });
    s.storage.setItem(OPEN_APP_KEY, '1');
    const stop = s.ctrl.start();
    await s.ctrl.checkNow();
    await s.ctrl.checkNow();
    expect(new Set(s.requests.map((r) => r.device_id))).toEqual(new Set(['device-1']));
    expect(s.storage.getItem(DEVICE_ID_KEY)).toBe('device-1');
    s.native.close();
    expect(s.storage.getItem(OPEN_APP_KEY)).toBeNull();
    stop();
  });
});
