import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TitleKey } from '../../../app/routes.ts';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** The trade tabs keep their header and tab bar; the order form arrives with the trading issue. */
export function TradeSoon({ title }: { title: TitleKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div>
      <header className="tab-head">
        <h1 className="tab-head__title">{t(`titles.${title}`)}</h1>
      </header>
      <ComingSoon
        group="trade"
        actions={
          <Button color="primary" block onClick={() => navigate('/Transaction')}>
            {t('common.openMarkets')}
          </Button>
        }
      />
    </div>
  );
}
