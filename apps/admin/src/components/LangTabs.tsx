import type { Translations } from '@ex/contract';
import { LANGS, type Lang } from '@ex/i18n';
import { Form, Input } from 'antd';
import { LangTabStrip } from './LangTabStrip.tsx';

export type TextFields = Partial<Record<Lang, { title?: string; body?: string }>>;

/**
 * Title and body per language in tabs; a tab with neither is left out of the request.
 * `errorLangs`: the languages the server refused a field of (`translationErrors`), marked and shown.
 */
export function LangTabs({ errorLangs }: { errorLangs?: readonly Lang[] } = {}) {
  return (
    <LangTabStrip errorLangs={errorLangs}>
      {(lang) => (
        <>
          <Form.Item label="Title" name={['translations', lang, 'title']} rules={[{ max: 120 }]}>
            <Input maxLength={120} showCount />
          </Form.Item>
          <Form.Item label="Body (plain text)" name={['translations', lang, 'body']} rules={[{ max: 20000 }]}>
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} />
          </Form.Item>
        </>
      )}
    </LangTabStrip>
  );
}

/** The filled languages; one with only a title or only a body is sent so the server names the gap. */
export function toTranslations(fields: TextFields | undefined): Translations {
  const out: Record<string, { title: string; body: string }> = {};
  for (const lang of LANGS) {
    const f = fields?.[lang];
    const title = f?.title?.trim() ?? '';
    const body = f?.body?.trim() ?? '';
    if (title !== '' || body !== '') out[lang] = { title, body };
  }
  return out as Translations;
}
