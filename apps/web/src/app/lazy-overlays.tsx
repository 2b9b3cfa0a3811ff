import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile/es/components/dialog';
import type { PopupProps } from 'antd-mobile/es/components/popup';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '../lib/after-paint.ts';

// antd-mobile's overlays (Popup and Mask with react-spring and use-gesture, ~35 KB gzip in ~10 files)
// for screens whose first paint shows none (issue 11, ADR 085): the same components and props,
// fetched once the page is idle or when first opened, whichever comes first.

const loadPopup = () => import('antd-mobile/es/components/popup');
const loadSearchBar = () => import('antd-mobile/es/components/search-bar');

const Popup = lazy(loadPopup);
/** antd's SearchBar, loaded with the sheet that shows it (it renders only inside an open Popup). */
export const LazySearchBar = lazy(loadSearchBar);

/**
 * antd's Popup with the same props. Nothing renders (and nothing is fetched) until the page is idle
 * or the popup first opens; from then on it stays mounted, so it animates in and out as before.
 */
export function LazyPopup(props: PopupProps) {
  const [opened, setOpened] = useState(false);
  if (props.visible && !opened) setOpened(true);
  useEffect(
    () =>
      afterFirstPaint(() => {
        void loadPopup();
        void loadSearchBar();
      }),
    [],
  );
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}

// antd-mobile draws its static Dialog and Toast into a root of their own through a render function
// that, under React 19, draws nothing (and throws nothing) until `antd-react19.ts` has installed one.
// Since ADR 091 that module loads only once the page is idle, so a screen never calls the static
// methods itself: it goes through these and `lib/toast.ts`, which fetch the adapter and wait for it
// (ADR 235; scripts/test/overlay-wrappers.test.ts keeps it that way).
const loadDialog = async () => {
  const [{ default: Dialog }] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('./antd-react19.ts'),
  ]);
  return Dialog;
};

/** antd's `Dialog.confirm` with its code (and React 19's render adapter) fetched when it is asked. */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return (await loadDialog()).confirm(props);
}

/** antd's `Dialog.alert` with its code (and React 19's render adapter) fetched when it is asked. */
export async function alertDialog(props: DialogAlertProps): Promise<void> {
  return (await loadDialog()).alert(props);
}
