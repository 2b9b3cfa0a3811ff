import type { CapacitorConfig } from '@capacitor/cli';

// The native shell around the built web app (dist). Updates are not pulled by the plugin on its own:
// src/features/update drives them (check on resume, md5 + ed25519 verification, then set), so the
// updater runs in manual mode and never talks to Capgo's cloud.
const config: CapacitorConfig = {
  appId: 'com.exchange.app',
  appName: 'Exchange',
  webDir: 'dist',
  backgroundColor: '#0B0E11',
  plugins: {
    CapacitorUpdater: {
      autoUpdate: false,
      // No statistics or channel calls to a third-party backend.
      statsUrl: '',
      channelUrl: '',
      updateUrl: '',
      // Roll back to the last good bundle if a new one never calls notifyAppReady().
      appReadyTimeout: 10000,
      resetWhenUpdate: true,
    },
  },
  android: {
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'always',
  },
};

export default config;
