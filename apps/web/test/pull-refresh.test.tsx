import { webCatalogues } from '@ex/i18n';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { PullRefresh, rubberband } from '../src/components/PullRefresh.tsx';

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function touch(el: Element, type: string, y?: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', { value: y === undefined ? [] : [{ clientY: y }] });
  act(() => {
    el.dispatchEvent(event);
  });
  return event;
}

const en = webCatalogues.en.common;

describe('pull to refresh', () => {
  afterEach(() => cleanup());

  it('follows the finger less and less (rubber band) and never goes negative', () => {
    expect(rubberband(-10)).toBe(0);
    expect(rubberband(40)).toBeLessThan(40);
    expect(rubberband(400)).toBeLessThan(rubberband(800));
    expect(rubberband(10_000)).toBeLessThan(200);
  });

  it('refreshes after a pull past the threshold, shows the texts, and not after a short pull', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    render(
      <LangProvider initial="en" catalogue={webCatalogues.en}>
        <WithI18n>
          <PullRefresh onRefresh={onRefresh}>
            <p>list</p>
          </PullRefresh>
        </WithI18n>
      </LangProvider>,
    );
    const list = screen.getByText('list');
    touch(list, 'touchstart', 100);
    touch(list, 'touchmove', 130);
    expect(screen.getByText(en.pullToRefresh)).toBeTruthy();
    touch(list, 'touchend');
    expect(onRefresh).not.toHaveBeenCalled();

    touch(list, 'touchstart', 100);
    const move = touch(list, 'touchmove', 300);
    expect(move.defaultPrevented).toBe(true);
    expect(screen.getByText(en.releaseToRefresh)).toBeTruthy();
    touch(list, 'touchend');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText(en.refreshed)).toBeTruthy());
  });
});
