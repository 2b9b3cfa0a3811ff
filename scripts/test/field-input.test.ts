// Web form fields go through FieldInput (apps/web/src/components/FieldInput.tsx): antd-mobile's
// Input hands `aria-invalid` and `aria-describedby` to its wrapper <div>, where a screen reader
// never looks, so an invalid field is announced as valid. FieldInput puts them on the <input>. A
// screen that imports antd-mobile's Input again fails here with the file named; so does its TextArea
// (FieldTextArea, same file, ADR 270).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(ROOT, 'apps/web/src');
/** The one file that wraps antd-mobile's Input. */
const WRAPPER = 'apps/web/src/components/FieldInput.tsx';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** `Input` or `TextArea` (or `… as X`) among the names imported from antd-mobile, or their deep folders. */
const IMPORTS_INPUT =
  /import\s*\{[^}]*\b(Input|TextArea)\b(?!\w)[^}]*\}\s*from\s*['"]antd-mobile['"]|from\s*['"]antd-mobile\/es\/components\/(input|text-area)['"]/;

describe('web form fields', () => {
  it('no screen takes antd-mobile Input directly: FieldInput marks the <input> invalid', () => {
    const offenders = sources(WEB)
      .map((f) => relative(ROOT, f))
      .filter((f) => f !== WRAPPER && IMPORTS_INPUT.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the rule sees an import it must refuse', () => {
    expect(IMPORTS_INPUT.test("import { Button, Input, List } from 'antd-mobile';")).toBe(true);
    expect(IMPORTS_INPUT.test("import { Input as I } from 'antd-mobile';")).toBe(true);
    expect(IMPORTS_INPUT.test("import { Button, InputNumber } from 'antd-mobile';")).toBe(false);
    expect(IMPORTS_INPUT.test("import type { InputRef } from 'antd-mobile';")).toBe(false);
    expect(IMPORTS_INPUT.test("import { Form, TextArea } from 'antd-mobile';")).toBe(true);
    expect(IMPORTS_INPUT.test("import type { TextAreaRef } from 'antd-mobile';")).toBe(false);
  });
});
