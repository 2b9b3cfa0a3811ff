import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangProvider, useLang } from '../src/app/lang-context.tsx';
import { type Stp, StpSelect } from '../src/features/trade/components/StpSelect.tsx';

function WithI18n({ children }: { children: React.ReactNode }) {
  const { i18n } = useLang();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function show(lang: 'en' | 'de', onChange: (v: Stp) => void) {
  function Form() {
    const [stp, setStp] = useState<Stp>('cancel_newest');
    return (
      <StpSelect
        value={stp}
        onChange={(v) => {
          setStp(v);
          onChange(v);
        }}
      />
    );
  }
  render(
    <LangProvider initial={lang} catalogue={webCatalogues[lang]}>
      <WithI18n>
        <Form />
      </WithI18n>
    </LangProvider>,
  );
}

// At 375 px the native select cut "Cancel new" / "Neuen stornieren" to "Cancel n…" / "Neuen s…":
// the chosen text is now shown in full in a box the (transparent) native select covers.
describe('self-trade prevention choice of the futures form', () => {
  afterEach(() => cleanup());

  it('shows the chosen text in full under a short label; the select keeps the full name and texts', () => {
    const onChange = vi.fn();
    show('de', onChange);
    const de = webCatalogues.de.trade;
    const select = screen.getByRole('combobox', { name: de.stp }) as HTMLSelectElement;
    expect(select.name).toBe('stp');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['cancel_newest', de.stpNewest],
      ['cancel_oldest', de.stpOldest],
      ['cancel_both', de.stpBoth],
      ['none', de.stpNone],
    ]);
    const shown = () => document.querySelector('.stp-select__value')?.textContent;
    expect(shown()).toBe('Neuen stornieren');
    expect(screen.getByText(de.stpShort)).toBeTruthy();
    fireEvent.change(select, { target: { value: 'cancel_both' } });
    expect(onChange).toHaveBeenCalledWith('cancel_both');
    expect(shown()).toBe(de.stpBoth);
    expect(select.value).toBe('cancel_both');
  });

  it('in English: "Cancel new" under "Self-trade"', () => {
    show('en', () => {});
    expect(document.querySelector('.stp-select__value')?.textContent).toBe('Cancel new');
    expect(screen.getByText('Self-trade')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Self-trade prevention' })).toBeTruthy();
  });
});
