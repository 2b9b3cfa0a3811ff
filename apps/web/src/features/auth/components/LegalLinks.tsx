import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Terms of Use and Privacy Policy" as two links around the language's "and". Italian elides the
 * article into the next word ("e l’Informativa"): after an apostrophe no space, where a space
 * after the joining word left "e l' Informativa" on the login and sign-up screens.
 */
export function LegalLinks() {
  const { t } = useTranslation();
  const and = t('auth.and');
  const gap = /[’']$/.test(and) ? '' : ' ';
  return (
    <>
      <Link to="/Agree?type=terms">{t('auth.terms')}</Link> {and}
      {gap}
      <Link to="/Agree?type=privacy">{t('auth.privacy')}</Link>
    </>
  );
}
