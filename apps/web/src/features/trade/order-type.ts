import type { ContractOrderType } from '@ex/sdk';
import { useTranslation } from 'react-i18next';

/** Labels of the contract order types (limit, market, and the conditional ones of ADR 136). */
export function useContractTypeLabel(): (type: ContractOrderType) => string {
  const { t } = useTranslation();
  const labels: Record<ContractOrderType, string> = {
    limit: t('trade.limit'),
    market: t('trade.market'),
    stop_limit: t('trade.stopLimit'),
    stop_market: t('trade.stopMarket'),
    trailing_stop: t('trade.trailingStop'),
  };
  return (type) => labels[type];
}
