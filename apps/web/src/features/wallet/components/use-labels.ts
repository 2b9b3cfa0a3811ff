import { useTranslation } from 'react-i18next';
import { ledgerEntryKey, ledgerTypeKey, type RefLike } from '../lib/ledger.ts';

/** The localised name of a ledger entry type; a type this build does not know is shown as sent. */
export function useLedgerTypeLabel(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => {
    const key = ledgerTypeKey(type);
    return key ? t(key) : type;
  };
}

/**
 * The localised name of one ledger entry: funding reads "Funding fee" and a product's money move
 * its product and step ("Staking interest"), not "System entry".
 */
export function useLedgerEntryLabel(): (entry: {
  type: string;
  ref_id?: string | null;
  ref?: RefLike | undefined;
}) => string {
  const { t } = useTranslation();
  return (entry) => {
    const key = ledgerEntryKey(entry);
    return key ? t(key) : entry.type;
  };
}
