import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUpdateController, type UpdateController } from './controller.ts';
import { createFakeNativeUpdater } from './fake-adapter.ts';
import { UPDATE_PROGRESS_COLOR, UpdatePopup } from './UpdatePopup.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('<UpdatePopup/>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let ctrl: UpdateController;

  beforeEach(() => {
    window.localStorage.clear();
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    ctrl = createUpdateController({
      native: createFakeNativeUpdater({ platform: 'android' }),
      check: async () => null,
      storage: window.localStorage,
      publicKeyHex: '00',
      baseUrl: 'http://localhost',
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('shows the release notes and a green bar clamped to 0..100, in the stored language', async () => {
    window.localStorage.setItem('lang', 'en');
    await act(async () => root.render(<UpdatePopup controller={ctrl} />));
    expect(document.querySelector('[data-testid="update-popup"]')).toBeNull();

    await act(async () =>
      ctrl.store.set({ version: '1.2.0', content: 'Faster charts', progress: 140, phase: 'downloading' }),
    );
    expect(document.querySelector('[data-testid="update-content"]')?.textContent).toBe('Faster charts');
    expect(document.body.textContent).toContain('New version 1.2.0');
    const bar = document.querySelector<HTMLElement>('[data-testid="update-progress"]');
    expect(bar?.getAttribute('data-percent')).toBe('100');
    expect(bar?.getAttribute('aria-label')).toBe('Update progress');
    expect(bar?.textContent).toBe('100%');
    expect(bar?.style.getPropertyValue('--fill-color')).toBe(UPDATE_PROGRESS_COLOR);
    expect(UPDATE_PROGRESS_COLOR).toBe('#0ECB81');

    await act(async () =>
      ctrl.store.set({ version: '1.2.0', content: 'x', progress: -3, phase: 'downloading' }),
    );
    expect(document.querySelector('[data-testid="update-progress"]')?.getAttribute('data-percent')).toBe('0');
    expect(document.querySelector('[data-testid="update-progress"]')?.textContent).toBe('0%');
  });

  it('speaks German by default and closes when the flow closes it', async () => {
    await act(async () => root.render(<UpdatePopup controller={ctrl} />));
    await act(async () =>
      ctrl.store.set({ version: '2.0.0', content: 'Neu', progress: 50, phase: 'installing' }),
    );
    expect(document.body.textContent).toContain('Neue Version 2.0.0');
    expect(document.body.textContent).toContain('Update wird installiert');
    // The percent in the language's layout (de: a no-break space before the sign).
    expect(document.querySelector('[data-testid="update-progress"]')?.textContent).toBe('50\u00a0%');
    await act(async () => ctrl.store.set(null));
    // antd-mobile animates the modal out before unmounting its content.
    await act(async () => new Promise((r) => setTimeout(r, 500)));
    expect(document.querySelector('[data-testid="update-popup"]')).toBeNull();
  });
});
