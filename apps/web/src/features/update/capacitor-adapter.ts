import { App } from '@capacitor/app';
import { Capacitor, type PluginListenerHandle } from '@capacitor/core';
import { CapacitorUpdater } from '@capgo/capacitor-updater';
import type { NativeUpdater, Platform } from './port.ts';

function platformOf(name: string): Platform {
  return name === 'android' || name === 'ios' ? name : 'web';
}

/** Unsubscribe for a listener that Capacitor registers asynchronously. */
function detach(handle: Promise<PluginListenerHandle>): () => void {
  return () => {
    void handle.then((h) => h.remove()).catch(() => {});
  };
}

/** The NativeUpdater port on @capgo/capacitor-updater (manual mode) and @capacitor/app. */
export function createCapacitorUpdater(): NativeUpdater {
  return {
    platform: () => platformOf(Capacitor.getPlatform()),
    async current() {
      const r = await CapacitorUpdater.current();
      return {
        bundleVersion: r.bundle.id === 'builtin' ? 'builtin' : r.bundle.version,
        nativeVersion: r.native,
      };
    },
    async pluginVersion() {
      return (await CapacitorUpdater.getPluginVersion()).version;
    },
    async download(req, onProgress) {
      const sub = CapacitorUpdater.addListener('download', (e) => {
        if (e.bundle?.version === req.version) onProgress(e.percent);
      });
      try {
        const b = await CapacitorUpdater.download({
          url: req.url,
          version: req.version,
          checksum: req.checksum,
        });
        return { id: b.id, version: b.version };
      } finally {
        detach(sub)();
      }
    },
    async set(bundle) {
      await CapacitorUpdater.set({ id: bundle.id });
    },
    async appReady() {
      await CapacitorUpdater.notifyAppReady();
    },
    onResume(listener) {
      return detach(
        App.addListener('appStateChange', (s) => {
          if (s.isActive) listener();
        }),
      );
    },
    onClose(listener) {
      const off = detach(
        App.addListener('appStateChange', (s) => {
          if (!s.isActive) listener();
        }),
      );
      window.addEventListener('pagehide', listener);
      return () => {
        off();
        window.removeEventListener('pagehide', listener);
      };
    },
  };
}
