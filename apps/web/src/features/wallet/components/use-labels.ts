import { useTranslation } from 'react-i18next';
import { ledgerTypeKey } from '../lib/ledger.ts';

/** The localised name of a ledger entry type; a type this build does not know is shown as sent. */
export function useLedgerTypeLabel(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => {
    const key = ledgerTypeKey(type);
    return key ? t(key) : type;
  };
}
