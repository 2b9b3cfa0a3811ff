import type { User } from '@ex/sdk';
import { CheckShieldOutline, ExclamationShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyText } from '../../../lib/clipboard.ts';
import { imageUrl } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { maskAccount } from './mask.ts';

async function copy(text: string, done: string) {
  // Refused everywhere (no clipboard at all): the code stays visible to copy by hand.
  if (await copyText(text)) showToast(done, 2000);
}

export function UserCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = user.nickname || maskAccount(user.email ?? user.phone);
  const avatar = imageUrl(window.localStorage, user.avatar);
  return (
    <section className="user-card">
      <Link to="/SetInfo" className="user-card__avatar" aria-label={t('titles.setInfo')}>
        {avatar ? <img src={avatar} alt="" /> : <span>{(name || 'U').slice(0, 1).toUpperCase()}</span>}
      </Link>
      <div className="user-card__main">
        <div className="user-card__name">{name}</div>
        <button
          type="button"
          className="user-card__uid num"
          onClick={() => copy(user.id, t('common.copied'))}
          aria-label={`${t('my.uid')} ${user.id} ${t('common.copy')}`}
        >
          {t('my.uid')} {user.id}
        </button>
        <div className="user-card__chips">
          <Link
            to="/RealName"
            className={`status-chip ${user.verified ? 'status-chip--up' : 'status-chip--warn'}`}
          >
            {user.verified ? <CheckShieldOutline /> : <ExclamationShieldOutline />}
            {user.verified ? t('my.verified') : t('my.unverified')}
          </Link>
          <span className="status-chip status-chip--brand">
            {t('my.level', { level: user.member_level })}
          </span>
          <span className="status-chip num">
            {t('my.points')} {user.points}
          </span>
        </div>
      </div>
      {user.invite_code && (
        <button
          type="button"
          className="user-card__invite"
          onClick={() => copy(user.invite_code, t('common.copied'))}
          aria-label={`${t('my.inviteCode')} ${user.invite_code} ${t('common.copy')}`}
        >
          <span className="muted">{t('my.inviteCode')}</span>
          <span className="num">{user.invite_code}</span>
        </button>
      )}
    </section>
  );
}
