import 'i18next';
import type { WebNamespaces } from '@ex/i18n';

// Typed translation keys (Excalidraw style): `t('auth.login')` is checked against the en catalogue,
// so a typo or a removed key is a compile error in the app. Each namespace has its own key type
// (ADR 097): `useTranslation()` for `translation`, `useTranslation('earn1')`, `useTranslation('earn2')`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: WebNamespaces;
    returnNull: false;
  }
}
