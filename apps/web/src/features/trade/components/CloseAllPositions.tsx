import type { Coin, ContractCloseAllResult, Position } from '@ex/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { api } from '../../../lib/api.ts';
import { formatDecimal, formatQuantity } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { streamKeys } from '../../stream/hooks.ts';
import { add, isValid } from '../decimal.ts';
import { type ConfirmRow, ConfirmSheet } from './ConfirmSheet.tsx';

/** Close-all (ADR 196): every own position at market; the answer says what stayed open and why. */
export function useCloseAllPositions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.contract.closeAll({}),
    onSettled: () => {
      for (const queryKey of [streamKeys.contractOrders, streamKeys.positions, streamKeys.wallet])
        void qc.invalidateQueries({ queryKey });
    },
  });
}

/** The sum of the positions' unrealised PnL at the mark, exact (decimal strings, no float). */
export function estimatedPnl(positions: readonly Position[]): string {
  return positions.reduce((sum, p) => (isValid(p.unrealized_pnl) ? add(sum, p.unrealized_pnl) : sum), '0');
}

function signedUsdc(value: string, lang: ReturnType<typeof useLang>['lang']) {
  const tone: 'up' | 'down' | undefined = value.startsWith('-')
    ? 'down'
    : /[1-9]/.test(value)
      ? 'up'
      : undefined;
  const text = formatDecimal(value.replace(/^[+-]/, ''), lang, { minFraction: 2, maxFraction: 2 });
  return { text: `${tone === 'down' ? '\u2212' : tone === 'up' ? '+' : ''}${text}`, tone };
}

/**
 * The positions panel's "Close all": a confirmation sheet listing each position (side, market,
 * size, estimated PnL), their count and the estimated total, then one request; a position the
 * market could not close (too little volume within the price protection) is named in a toast.
 */
export function CloseAllPositions({
  positions,
  bySymbol,
}: {
  positions: readonly Position[];
  bySymbol: ReadonlyMap<string, Coin>;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [open, setOpen] = useState(false);
  const closeAll = useCloseAllPositions();
  const baseOf = (symbol: string) => bySymbol.get(symbol)?.base ?? symbol.split('_')[0] ?? '';
  const total = signedUsdc(estimatedPnl(positions), lang);
  const rows: ConfirmRow[] = positions.map((p) => {
    const pnl = signedUsdc(p.unrealized_pnl, lang);
    return {
      label: `${p.side === 'long' ? t('trade.long') : t('trade.short')} ${baseOf(p.symbol)}/USDC ${
        p.margin_mode === 'cross' ? t('trade.cross') : t('trade.isolated')
      }`,
      value: `${formatQuantity(p.size, bySymbol.get(p.symbol), lang)} · ${pnl.text}`,
      ...(pnl.tone ? { tone: pnl.tone } : {}),
    };
  });
  rows.push(
    { label: t('trade.closeAllCount'), value: String(positions.length) },
    {
      label: `${t('trade.closeAllPnl')} (USDC)`,
      value: total.text,
      ...(total.tone ? { tone: total.tone } : {}),
    },
  );
  const done = (r: ContractCloseAllResult) => {
    setOpen(false);
    const left = r.positions.filter((i) => i.status !== 'closed');
    showToast(
      left.length === 0
        ? t('trade.closeAllDone', { closed: r.closed })
        : t('trade.closeAllPartial', { closed: r.closed, open: left.length, reason: left[0]?.message ?? '' }),
      left.length === 0 ? 2000 : 5000,
    );
  };
  return (
    <>
      <Button size="mini" className="small-btn" onClick={() => setOpen(true)}>
        {t('trade.closeAll')}
      </Button>
      <ConfirmSheet
        open={open}
        title={t('trade.closeAllTitle')}
        sentences={[t('trade.closeAllWords'), t('trade.closeAllProtection')]}
        rows={rows}
        confirmText={t('trade.closeAll')}
        tone="down"
        loading={closeAll.isPending}
        onConfirm={() => closeAll.mutate(undefined, { onSuccess: done })}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
