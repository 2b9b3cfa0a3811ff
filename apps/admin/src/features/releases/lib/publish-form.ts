import { LANGS, type Lang } from '@ex/i18n';
import type { FieldErrors } from '@ex/sdk';
import type { Platform } from '../api/releases.ts';

/** Mirrors the server's limits (apps/server/src/release/service.ts) so most refusals never leave the page. */
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
export const MAX_NOTES_CHARS = 2000;

/** Each language's short tag and its own name (lib/langs.ts, shared with the lists' language tags). */
export { LANG_CODES, LANG_LABELS } from '../../../lib/langs.ts';

/** The form's state once the operator presses Publish. */
export interface PublishValues {
  bundle: File | null | undefined;
  version: string | undefined;
  platform: Platform | undefined;
  min_native_version: string | undefined;
  rollout_percent: number | null | undefined;
  notes: Partial<Record<Lang, string>> | undefined;
  /** Hex ed25519 signature of the zip, made offline by `npm run release -- --sign` (ADR 128). */
  signature: string | undefined;
}

// Same grammar as the server: bundle versions are strict semver, native versions dotted numbers.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;
const NATIVE = /^\d{1,9}(?:\.\d{1,9}){0,3}$/;

export function checkVersion(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (!v) return 'Enter the bundle version';
  if (v.length > 64 || !SEMVER.test(v)) return 'Use a semantic version such as 1.4.0 or 1.4.0-beta.1';
  return null;
}

export function checkNativeVersion(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (!v) return 'Enter the minimum native version';
  if (!NATIVE.test(v)) return 'Use dotted numbers such as 1.0 or 1.2.3';
  return null;
}

export function checkPlatform(value: string | undefined): string | null {
  return value === 'android' || value === 'ios' ? null : 'Choose the platform';
}

export function checkRollout(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return 'Choose the rollout percentage';
  return Number.isInteger(value) && value >= 0 && value <= 100 ? null : 'A whole number from 0 to 100';
}

export function checkBundle(file: File | null | undefined): string | null {
  if (!file) return 'Choose the bundle zip';
  if (!/\.zip$/i.test(file.name)) return 'The bundle must be a .zip file';
  if (file.size === 0) return 'The file is empty';
  if (file.size > MAX_BUNDLE_BYTES) return `The bundle is larger than ${MAX_BUNDLE_BYTES / 1048576} MB`;
  return null;
}

export const SIGN_COMMAND = 'npm run release -- --sign <bundle.zip> --key-file <key>';

export function checkSignature(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (!v) return `Paste the signature printed by ${SIGN_COMMAND}`;
  if (!/^[0-9a-fA-F]{128}$/.test(v)) return 'The signature is 128 hex characters';
  return null;
}

export function checkNotes(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (!v) return 'Write the release notes in this language';
  if (v.length > MAX_NOTES_CHARS) return `At most ${MAX_NOTES_CHARS} characters`;
  return null;
}

/** Every client-side problem, keyed like the server's 422 `errors` (notes as `notes.<lang>`). */
export function validatePublish(values: PublishValues): FieldErrors {
  const errors: FieldErrors = {};
  const put = (field: string, message: string | null) => {
    if (message) errors[field] = [message];
  };
  put('bundle', checkBundle(values.bundle));
  put('version', checkVersion(values.version));
  put('platform', checkPlatform(values.platform));
  put('min_native_version', checkNativeVersion(values.min_native_version));
  put('rollout_percent', checkRollout(values.rollout_percent));
  put('signature', checkSignature(values.signature));
  for (const lang of LANGS) put(`notes.${lang}`, checkNotes(values.notes?.[lang]));
  return errors;
}

/**
 * The multipart body of `POST /api/admin/releases`: text fields trimmed, the notes as the JSON
 * object `release_content` with exactly the seven languages. Throws when the values are invalid,
 * so a form that skipped validation cannot send a half-filled release.
 */
export function buildPublishForm(values: PublishValues): FormData {
  const errors = validatePublish(values);
  const first = Object.entries(errors)[0];
  if (first) throw new Error(`${first[0]}: ${first[1][0]}`);
  const content = Object.fromEntries(LANGS.map((lang) => [lang, values.notes?.[lang]?.trim() ?? '']));
  const form = new FormData();
  form.append('version', values.version?.trim() ?? '');
  form.append('platform', values.platform ?? '');
  form.append('min_native_version', values.min_native_version?.trim() ?? '');
  form.append('rollout_percent', String(values.rollout_percent));
  form.append('release_content', JSON.stringify(content));
  form.append('signature', values.signature?.trim().toLowerCase() ?? '');
  // Last, so the server has read every text field before it streams the file.
  const bundle = values.bundle as File;
  form.append('bundle', bundle, bundle.name);
  return form;
}

export type FormFieldName =
  | 'bundle'
  | 'version'
  | 'platform'
  | 'min_native_version'
  | 'rollout_percent'
  | 'signature';
const FORM_FIELDS: readonly string[] = [
  'bundle',
  'version',
  'platform',
  'min_native_version',
  'rollout_percent',
  'signature',
];

/** Where each of the server's 422 field errors goes in the form. */
export interface ServerErrorPlacement {
  fields: { name: FormFieldName; errors: string[] }[];
  /** `release_content` problems, shown under the notes tabs. */
  notes: string[];
  /** Anything the form has no field for (shown above the buttons, never dropped). */
  other: string[];
}

export function placeServerErrors(errors: FieldErrors): ServerErrorPlacement {
  const placement: ServerErrorPlacement = { fields: [], notes: [], other: [] };
  for (const [name, messages] of Object.entries(errors)) {
    if (FORM_FIELDS.includes(name)) placement.fields.push({ name: name as FormFieldName, errors: messages });
    else if (name === 'release_content') placement.notes.push(...messages);
    else placement.other.push(...messages.map((m) => `${name}: ${m}`));
  }
  return placement;
}

/** "1.4 MB" for the upload hint and the table. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1048576) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1048576).toFixed(1)} MB`;
}
