/**
 * A short message in the middle of the screen. antd-mobile's Toast (with its overlays and animation
 * library) and its React 19 render adapter are fetched with the first message, not with the screen
 * that may show one.
 */
export function showToast(content: string, duration = 2000, icon?: 'success' | 'fail'): void {
  void Promise.all([import('antd-mobile/es/components/toast'), import('../app/antd-react19.ts')]).then(
    ([{ default: Toast }]) => Toast.show({ content, duration, ...(icon ? { icon } : {}) }),
  );
}
