import { LANGS } from '@ex/i18n';
import { describe, expect, it } from 'vitest';
import {
  buildPublishForm,
  checkBundle,
  checkNativeVersion,
  checkRollout,
  checkSignature,
  checkVersion,
  MAX_BUNDLE_BYTES,
  type PublishValues,
  placeServerErrors,
  validatePublish,
} from './publish-form.ts';

const NOTES = { de: 'Neu', en: ' New ', zh_CN: '新', zh_TW: '新', es: 'Nuevo', fr: 'Nouveau', it: 'Nuovo' };
const zip = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'web.zip', { type: 'application/zip' });
const valid = (): PublishValues => ({
  bundle: zip(),
  version: ' 1.4.0 ',
  platform: 'android',
  min_native_version: '1.0',
  rollout_percent: 30,
  notes: { ...NOTES },
  signature: ` ${'AB'.repeat(64)} `,
});

describe('publish form payload', () => {
  it('builds the multipart body the server expects', async () => {
    const form = buildPublishForm(valid());
    expect([...form.keys()]).toEqual([
      'version',
      'platform',
      'min_native_version',
      'rollout_percent',
      'release_content',
      'signature',
      'bundle',
    ]);
    // The offline signature goes as the server stores it: trimmed, lower-case hex (ADR 128).
    expect(form.get('signature')).toBe('ab'.repeat(64));
    expect(form.get('version')).toBe('1.4.0');
    expect(form.get('platform')).toBe('android');
    expect(form.get('min_native_version')).toBe('1.0');
    expect(form.get('rollout_percent')).toBe('30');
    const content = JSON.parse(String(form.get('release_content'))) as Record<string, string>;
    expect(Object.keys(content)).toEqual([...LANGS]);
    expect(content.en).toBe('New');
    const bundle = form.get('bundle') as File;
    expect(bundle.name).toBe('web.zip');
    expect(new Uint8Array(await bundle.arrayBuffer()).slice(0, 4)).toEqual(
      new Uint8Array([0x50, 0x4b, 3, 4]),
    );
  });

  it('sends 0 % (a paused rollout) as "0", not as a missing field', () => {
    expect(buildPublishForm({ ...valid(), rollout_percent: 0 }).get('rollout_percent')).toBe('0');
  });

  it('needs the offline signature: 128 hex characters', () => {
    expect(checkSignature(undefined)).toMatch(/npm run release -- --sign/);
    expect(checkSignature('ab'.repeat(63))).toBe('The signature is 128 hex characters');
    expect(checkSignature('zz'.repeat(64))).toBe('The signature is 128 hex characters');
    expect(checkSignature('0f'.repeat(64))).toBeNull();
    expect(() => buildPublishForm({ ...valid(), signature: '' })).toThrow(/signature/);
    expect(placeServerErrors({ signature: ['does not verify'] }).fields).toEqual([
      { name: 'signature', errors: ['does not verify'] },
    ]);
  });

  it('refuses to build from invalid values', () => {
    expect(() => buildPublishForm({ ...valid(), version: '1.4' })).toThrow(/version/);
    expect(() => buildPublishForm({ ...valid(), bundle: undefined })).toThrow(/bundle/);
  });

  it('reports every missing field, each language separately', () => {
    const errors = validatePublish({
      bundle: null,
      version: '',
      platform: undefined,
      min_native_version: ' ',
      rollout_percent: undefined,
      notes: { en: 'only english' },
      signature: undefined,
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'bundle',
        'version',
        'platform',
        'min_native_version',
        'rollout_percent',
        'signature',
        ...LANGS.filter((l) => l !== 'en').map((l) => `notes.${l}`),
      ].sort(),
    );
    expect(validatePublish(valid())).toEqual({});
  });

  it('notes of whitespace only or over 2000 characters are refused', () => {
    expect(validatePublish({ ...valid(), notes: { ...NOTES, fr: '   ' } })).toHaveProperty('notes.fr');
    expect(validatePublish({ ...valid(), notes: { ...NOTES, it: 'x'.repeat(2001) } })).toHaveProperty(
      'notes.it',
    );
    expect(validatePublish({ ...valid(), notes: { ...NOTES, it: 'x'.repeat(2000) } })).toEqual({});
  });
});

describe('field checks (same grammar as the server)', () => {
  it.each([
    ['1.4.0', true],
    ['1.4.0-beta.1', true],
    ['1.4.0+build.7', true],
    ['1.4', false],
    ['01.4.0', false],
    ['v1.4.0', false],
    ['', false],
  ])('version %j valid: %s', (value, ok) => {
    expect(checkVersion(value) === null).toBe(ok);
  });

  it.each([
    ['1', true],
    ['1.0', true],
    ['1.2.3.4', true],
    ['1.2.3.4.5', false],
    ['1.x', false],
    ['', false],
  ])('native version %j valid: %s', (value, ok) => {
    expect(checkNativeVersion(value) === null).toBe(ok);
  });

  it.each([
    [0, true],
    [100, true],
    [55, true],
    [101, false],
    [-1, false],
    [12.5, false],
    [null, false],
  ])('rollout %j valid: %s', (value, ok) => {
    expect(checkRollout(value) === null).toBe(ok);
  });

  it('bundle must be a non-empty .zip within the server limit', () => {
    expect(checkBundle(zip())).toBeNull();
    expect(checkBundle(new File(['x'], 'web.tar.gz'))).toMatch(/\.zip/);
    expect(checkBundle(new File([], 'web.zip'))).toMatch(/empty/);
    const big = { name: 'big.zip', size: MAX_BUNDLE_BYTES + 1 } as File;
    expect(checkBundle(big)).toMatch(/larger/);
  });
});

describe('server 422 placement', () => {
  it('puts field errors under their fields, notes under the tabs, and keeps the rest', () => {
    const placed = placeServerErrors({
      version: ['The version must be newer than 1.4.0, the latest release for this platform'],
      bundle: ['The bundle must be a zip archive containing index.html'],
      release_content: ['Release notes must be a JSON object'],
      surprise: ['Unknown field'],
    });
    expect(placed.fields).toEqual([
      {
        name: 'version',
        errors: ['The version must be newer than 1.4.0, the latest release for this platform'],
      },
      { name: 'bundle', errors: ['The bundle must be a zip archive containing index.html'] },
    ]);
    expect(placed.notes).toEqual(['Release notes must be a JSON object']);
    expect(placed.other).toEqual(['surprise: Unknown field']);
  });
});
