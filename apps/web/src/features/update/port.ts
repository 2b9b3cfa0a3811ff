/** Platforms as Capacitor names them; the update flow runs only on the native ones. */
export type Platform = 'android' | 'ios' | 'web';

/** A bundle the native side knows about (a subset of @capgo/capacitor-updater's BundleInfo). */
export interface NativeBundle {
  id: string;
  version: string;
}

export interface CurrentBundle {
  /** `'builtin'` when the app runs the bundle shipped inside the store binary. */
  bundleVersion: string | 'builtin';
  nativeVersion: string;
}

export interface NativeDownloadRequest {
  url: string;
  version: string;
  /** SHA-256 hex of the bytes the JS side has already verified; the plugin re-checks it natively. */
  checksum: string;
}

/**
 * What the update flow needs from the native live-update plugin. Small on purpose: the Capacitor
 * adapter maps it onto @capgo/capacitor-updater and the fake adapter records calls for tests.
 */
export interface NativeUpdater {
  platform(): Platform;
  current(): Promise<CurrentBundle>;
  pluginVersion(): Promise<string>;
  download(req: NativeDownloadRequest, onProgress: (percent: number) => void): Promise<NativeBundle>;
  set(bundle: NativeBundle): Promise<void>;
  /** Tells the plugin the running bundle started fine (else it rolls back to the previous one). */
  appReady?(): Promise<void>;
  /** Called every time the app comes (back) to the foreground. Returns an unsubscribe function. */
  onResume(listener: () => void): () => void;
  /** Called when the app goes to the background or closes. */
  onClose(listener: () => void): () => void;
}

/** Body of `POST /api/app/update` (spec section 3). */
export interface UpdateCheckRequest {
  platform: Platform;
  device_id: string;
  app_version: string;
  plugin_version: string;
  /**
   * Beyond the spec: the store binary's version, so the server can hold back a bundle that needs a
   * newer native shell (a release's `min_native_version`).
   */
  native_version?: string;
}

/** The answer's fields the flow reads; `sha256` and `signature` are our additions beyond the spec. */
export interface UpdateInfo {
  latest_version: string;
  release_content: string;
  download_path: string;
  md5_sum: string;
  sha256?: string;
  signature?: string;
}

export type UpdateCheck = (req: UpdateCheckRequest) => Promise<UpdateInfo | null | undefined>;

/** The key-value store of the browser (localStorage in the app, a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
