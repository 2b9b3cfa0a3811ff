import type { TextPerLang } from '@ex/contract';
import { LANG_NAMES, LANGS, type Lang } from '@ex/i18n';
import { Form, type FormRule, Input } from 'antd';
import type { ReactNode } from 'react';
import { LangTabStrip } from './LangTabStrip.tsx';

export type TextLangFields = Partial<Record<Lang, string | undefined>>;

/**
 * One operator text (a product name, a poll title) per language in tabs, beside the text of record
 * (ADR 243): the reader gets theirs, else the text of record. An empty tab is left out.
 */
export function TextLangTabs({
  name,
  label,
  max,
  multiline = false,
}: {
  /** Form path of the map, e.g. `name_i18n` or `['options_i18n', 0]`. */
  name: string | (string | number)[];
  /** What the text is ("Name"); each input is labelled "Name (Deutsch)". */
  label: string;
  max: number;
  multiline?: boolean;
}) {
  const path = Array.isArray(name) ? name : [name];
  return (
    <LangTabStrip>
      {(lang) => (
        <Form.Item name={[...path, lang]} rules={[{ max }]} style={{ marginBottom: 8 }}>
          {multiline ? (
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={max}
              aria-label={`${label} (${LANG_NAMES[lang]})`}
            />
          ) : (
            <Input maxLength={max} aria-label={`${label} (${LANG_NAMES[lang]})`} />
          )}
        </Form.Item>
      )}
    </LangTabStrip>
  );
}

/** The hint under a text of record where a form has more than one (a name and a description). */
export const RECORD_EXTRA = 'Readers whose language has no text below see the texts of record.';

/**
 * A text of record and its versions per language, as every form of ADR 243 lays them out: the field
 * `name` labelled "Name (text of record)" holding `children`, then "Name per language" with the
 * tabs of the map `name_i18n`.
 */
export function TextOfRecordFields({
  name,
  label,
  max,
  multiline,
  extra,
  rules,
  children,
}: {
  /** Form field of the text of record; its map is `<name>_i18n`. */
  name: string;
  label: string;
  /** Longest text per language. */
  max: number;
  multiline?: boolean;
  extra?: ReactNode;
  rules?: FormRule[];
  /** The input of the text of record. */
  children: ReactNode;
}) {
  return (
    <>
      <Form.Item name={name} label={`${label} (text of record)`} extra={extra} rules={rules}>
        {children}
      </Form.Item>
      <Form.Item label={`${label} per language`} style={{ marginBottom: 0 }}>
        <TextLangTabs name={`${name}_i18n`} label={label} max={max} multiline={multiline} />
      </Form.Item>
    </>
  );
}

/** The filled languages, trimmed; `undefined` when none is (the request then leaves the map out). */
export function toTexts(fields: TextLangFields | undefined): TextPerLang | undefined {
  const out: TextPerLang = {};
  for (const lang of LANGS) {
    const v = fields?.[lang]?.trim() ?? '';
    if (v !== '') out[lang] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
