import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface Props {
  title: string;
  children: ReactNode;
  right?: ReactNode;
  /** Where back goes when there is no history to return to (a deep link); null hides back then. */
  fallback?: string | null;
  className?: string;
}

/** A standalone page: sticky nav bar with back and the localised title, then the content. */
export function PageShell({ title, children, right, fallback = '/', className }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // react-router keeps the history index in state; 0 means this page was the entry point.
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  const back = () => {
    if (idx > 0) navigate(-1);
    else if (fallback !== null) navigate(fallback, { replace: true });
  };
  const showBack = idx > 0 || fallback !== null;
  return (
    <div className={`page ${className ?? ''}`}>
      <header className="nav">
        {showBack ? (
          <button type="button" className="nav__back" onClick={back} aria-label={t('common.back')}>
            <LeftOutline fontSize={20} />
          </button>
        ) : (
          <span className="nav__back" />
        )}
        <h1 className="nav__title">{title}</h1>
        <div className="nav__right">{right}</div>
      </header>
      <div className="page__body">{children}</div>
    </div>
  );
}
