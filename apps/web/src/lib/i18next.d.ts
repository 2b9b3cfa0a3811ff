import 'i18next';
import type { WebCatalogue } from '@ex/i18n';

// Typed translation keys (Excalidraw style): `t('auth.login')` is checked against the en catalogue,
// so a typo or a removed key is a compile error in the app.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: WebCatalogue };
    returnNull: false;
  }
}
