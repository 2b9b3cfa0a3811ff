import type { AreaCode } from '@ex/sdk';
import { Popup, SearchBar } from 'antd-mobile';
import { CheckOutline, DownFill } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import type { Lang } from '../../../lib/lang.ts';
import { useAreaCodes } from '../../../lib/queries.ts';

/** The country a language most likely means, to preselect a sensible area code. */
const HOME_COUNTRY: Record<Lang, string> = {
  de: 'DE',
  en: 'GB',
  zh_CN: 'CN',
  zh_TW: 'TW',
  es: 'ES',
  fr: 'FR',
  it: 'IT',
};

export function pickDefaultAreaCode(list: readonly AreaCode[], lang: Lang): string | undefined {
  return (list.find((a) => a.country === HOME_COUNTRY[lang]) ?? list[0])?.code;
}

interface Props {
  value: string | undefined;
  onChange(code: string): void;
}

/** The area-code prefix of the phone field: a button that opens a searchable country list. */
export function AreaCodePicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { data } = useAreaCodes();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  useEffect(() => {
    if (!value && data?.length) {
      const code = pickDefaultAreaCode(data, lang);
      if (code) onChange(code);
    }
  }, [value, data, lang, onChange]);

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!data) return [];
    if (!q) return data;
    return data.filter(
      (a) => a.name.toLowerCase().includes(q) || a.code.includes(q) || a.country.toLowerCase() === q,
    );
  }, [data, query]);

  return (
    <>
      <button
        type="button"
        className="area-btn num"
        onClick={() => setOpen(true)}
        aria-label={`${t('auth.areaCode')} ${value ?? ''}`}
        aria-haspopup="dialog"
      >
        {value ?? '+'}
        <DownFill fontSize={8} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ height: '70vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        <div className="area-sheet" role="dialog" aria-label={t('auth.areaCode')}>
          <div className="area-sheet__head">
            <span className="area-sheet__title">{t('auth.areaCode')}</span>
            <SearchBar placeholder={t('auth.searchCountry')} value={query} onChange={setQuery} />
          </div>
          <ul className="area-sheet__list">
            {filtered.map((a) => (
              <li key={`${a.country}${a.code}`}>
                <button
                  type="button"
                  className={`area-row ${a.code === value ? 'area-row--active' : ''}`}
                  onClick={() => {
                    onChange(a.code);
                    setOpen(false);
                  }}
                >
                  <span className="area-row__name">{a.name}</span>
                  <span className="area-row__code num">{a.code}</span>
                  {a.code === value && <CheckOutline className="area-row__check" />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Popup>
    </>
  );
}
