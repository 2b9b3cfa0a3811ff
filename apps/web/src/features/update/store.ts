/** What the update pop-up shows; `null` when it is closed. */
export interface UpdatePopupState {
  version: string;
  content: string;
  /** Always within 0..100 (spec section 5). */
  progress: number;
  phase: 'downloading' | 'installing';
}

export interface UpdateStore {
  get(): UpdatePopupState | null;
  set(next: UpdatePopupState | null): void;
  subscribe(listener: () => void): () => void;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(value, 100);
}

export function createUpdateStore(): UpdateStore {
  let state: UpdatePopupState | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      state = next ? { ...next, progress: clampPercent(next.progress) } : null;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
