import type { NativeBundle, NativeDownloadRequest, NativeUpdater, Platform } from './port.ts';

/**
 * Settings of the fake native updater. The browser test injects one as `window.__UPDATE_PORT__`
 * (page.addInitScript) to run the real flow in Chromium as if on Android; the fake then records
 * into the same object what it was asked to stage and install, for the test to read.
 */
export interface FakeUpdaterConfig {
  platform?: Platform;
  bundleVersion?: string | 'builtin';
  nativeVersion?: string;
  pluginVersion?: string;
  /** Make the native download step throw (a failed download). */
  failDownload?: boolean;
  downloads?: NativeDownloadRequest[];
  installed?: NativeBundle[];
  /** What each update check ended with (filled by the runtime when this fake is in use). */
  outcomes?: unknown[];
}

export interface FakeNativeUpdater extends NativeUpdater {
  config: FakeUpdaterConfig;
  resume(): void;
  close(): void;
}

/**
 * A NativeUpdater without a device: it fetches the bundle itself and refuses it when the SHA-256
 * differs from the checksum, as the plugin does. Resume is `resume()`, a `visibilitychange` to
 * visible, or an `app:resume` event on window; close is `close()` or `pagehide`.
 */
export function createFakeNativeUpdater(
  config: FakeUpdaterConfig = {},
  fetchBytes: (url: string) => Promise<Uint8Array> = async (url) =>
    new Uint8Array(await (await fetch(url, { cache: 'no-store' })).arrayBuffer()),
): FakeNativeUpdater {
  config.downloads ??= [];
  config.installed ??= [];
  const resumeListeners = new Set<() => void>();
  const closeListeners = new Set<() => void>();
  let next = 1;
  const fire = (set: Set<() => void>) => {
    for (const l of [...set]) l();
  };
  const onVisibility = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') fire(resumeListeners);
  };
  const onResumeEvent = () => fire(resumeListeners);
  const onPageHide = () => fire(closeListeners);
  return {
    config,
    platform: () => config.platform ?? 'android',
    async current() {
      return {
        bundleVersion: config.bundleVersion ?? 'builtin',
        nativeVersion: config.nativeVersion ?? '1.0.0',
      };
    },
    async pluginVersion() {
      return config.pluginVersion ?? '7.0.0';
    },
    async download(req, onProgress) {
      config.downloads!.push({ ...req });
      if (config.failDownload) throw new Error('fake download failure');
      const bytes = await fetchBytes(req.url);
      const { sha256Hex } = await import('./verify.ts');
      if (sha256Hex(bytes) !== req.checksum) throw new Error('checksum mismatch');
      onProgress(50);
      onProgress(100);
      return { id: `fake-${next++}`, version: req.version };
    },
    async set(bundle) {
      config.installed!.push({ ...bundle });
      config.bundleVersion = bundle.version;
    },
    onResume(listener) {
      if (resumeListeners.size === 0 && typeof window !== 'undefined') {
        document.addEventListener('visibilitychange', onVisibility);
        window.addEventListener('app:resume', onResumeEvent);
      }
      resumeListeners.add(listener);
      return () => {
        resumeListeners.delete(listener);
        if (resumeListeners.size === 0 && typeof window !== 'undefined') {
          document.removeEventListener('visibilitychange', onVisibility);
          window.removeEventListener('app:resume', onResumeEvent);
        }
      };
    },
    onClose(listener) {
      if (closeListeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('pagehide', onPageHide);
      closeListeners.add(listener);
      return () => {
        closeListeners.delete(listener);
        if (closeListeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('pagehide', onPageHide);
        }
      };
    },
    resume: () => fire(resumeListeners),
    close: () => fire(closeListeners),
  };
}
