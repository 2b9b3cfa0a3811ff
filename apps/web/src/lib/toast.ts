/**
 * A short message in the middle of the screen. antd-mobile's Toast (with its overlays and animation
 * library) is fetched with the first message, not with the screen that may show one.
 */
export function showToast(content: string, duration = 2000): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) =>
    Toast.show({ content, duration }),
  );
}
