import { Modal, ProgressBar } from 'antd-mobile';
import { type CSSProperties, useEffect, useState, useSyncExternalStore } from 'react';
import { formatPercent } from '../../lib/format.ts';
import type { UpdateController } from './controller.ts';
import { storedLang, updateText } from './i18n.ts';
import { createDefaultUpdateController, registerServiceWorker } from './runtime.ts';

/** DESIGN.md token `up`: the spec wants the update progress green. */
export const UPDATE_PROGRESS_COLOR = '#0ECB81';

export interface UpdatePopupProps {
  /** Injected in tests; the app root passes nothing and gets the device (or test-port) controller. */
  controller?: UpdateController;
}

/**
 * The app root's update pop-up (spec section 2). Mounting it starts the update flow: checks on
 * every return to the foreground on Android/iOS, nothing on the web, where it registers the PWA
 * service worker instead.
 */
export function UpdatePopup({ controller }: UpdatePopupProps) {
  const [ctrl] = useState(() => controller ?? createDefaultUpdateController());
  useEffect(() => {
    if (!controller) registerServiceWorker();
    return ctrl.start();
  }, [ctrl, controller]);
  const state = useSyncExternalStore(ctrl.store.subscribe, ctrl.store.get, ctrl.store.get);
  const lang = storedLang(typeof window === 'undefined' ? undefined : window.localStorage);
  const percent = state?.progress ?? 0;

  return (
    <Modal
      visible={state !== null}
      closeOnMaskClick={false}
      title={state ? updateText(lang, 'title', { version: state.version }) : ''}
      content={
        state ? (
          <div data-testid="update-popup">
            <div style={{ whiteSpace: 'pre-line', marginBottom: 12 }} data-testid="update-content">
              {state.content}
            </div>
            <ProgressBar
              percent={percent}
              text={(p: number) => formatPercent(Math.floor(p), lang)}
              aria-label={updateText(lang, 'progressLabel')}
              data-testid="update-progress"
              data-percent={String(Math.floor(percent))}
              style={{ '--fill-color': UPDATE_PROGRESS_COLOR } as CSSProperties}
            />
            <div style={{ marginTop: 8, color: 'var(--adm-color-weak)' }}>
              {updateText(lang, state.phase === 'installing' ? 'installing' : 'downloading')}
            </div>
          </div>
        ) : null
      }
    />
  );
}
