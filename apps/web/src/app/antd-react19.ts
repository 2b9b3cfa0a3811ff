import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 renders its imperative UI (Toast, Dialog.confirm) with ReactDOM.render, which React
// 19 removed; this is the adapter antd-mobile documents for React 19. Set on the module the wrappers'
// deep imports use (lib/toast.ts, app/lazy-overlays.tsx, the only callers, ADR 235): in the build it
// is the one behind antd-mobile's index too, under vitest the index is antd's CommonJS build instead.
type Container = (Element | DocumentFragment) & { __exRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__exRoot ??= createRoot(container);
  const root = container.__exRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    container.__exRoot = undefined;
  };
});
