import type { Coin, ContractOrder, Position } from '@ex/sdk';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import {
  formatChangePercent,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatQuantity,
  withUnit,
} from '../../../lib/format.ts';
import { hasToken } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  useCancelAllContract,
  useCancelContractOrder,
  useClosePosition,
  useOpenContractOrders,
} from '../api/contract.ts';
import { isValid } from '../decimal.ts';
import { useContractTypeLabel } from '../order-type.ts';
import { AmendSheet } from './AmendSheet.tsx';
import { CloseAllPositions } from './CloseAllPositions.tsx';
import {
  CancelButton,
  OpenOrderCard,
  PanelHead,
  SignedOutPanel,
  useConfirmCancelAll,
} from './OrderPanel.tsx';
import { MarginSheet, TpslSheet } from './PositionSheets.tsx';

function signed(value: string | undefined, lang: Parameters<typeof formatDecimal>[1]) {
  if (!value || !isValid(value)) return { text: '--', tone: 'flat' as const };
  const tone = value.startsWith('-') ? 'down' : /[1-9]/.test(value) ? 'up' : 'flat';
  const text = formatDecimal(value.replace(/^[+-]/, ''), lang, { minFraction: 2, maxFraction: 2 });
  return { text: `${tone === 'down' ? '\u2212' : tone === 'up' ? '+' : ''}${text}`, tone };
}

/** Binance's ADL indicator: five lights, the more lit the earlier the position is deleveraged. */
function AdlLights({ lights }: { lights: number }) {
  const { t } = useTranslation();
  return (
    <span className="adl-lights" title={t('trade.adlHint')}>
      <span className="muted small">{t('trade.adl')}</span>
      {[1, 2, 3, 4, 5].map((i) => (
        <i key={i} aria-hidden="true" className={i <= lights ? 'is-on' : ''} />
      ))}
      <span className="sr-only">{lights}/5</span>
    </span>
  );
}

function PositionCard({
  p,
  market,
  onMargin,
  onTpsl,
}: {
  p: Position;
  market: Coin | undefined;
  onMargin(): void;
  onTpsl(): void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const close = useClosePosition();
  const scale = market?.price_scale ?? 2;
  const base = market?.base ?? p.symbol.split('_')[0] ?? '';
  const pnl = signed(p.unrealized_pnl, lang);
  // pnl_rate is the ROE in percent (unrealised PnL over margin), computed by the server.
  const roe = formatChangePercent(p.pnl_rate, lang);
  const sideText = p.side === 'long' ? t('trade.long') : t('trade.short');
  const tone = p.side === 'long' ? 'up' : 'down';
  const size = p.size;
  const tp = p.tp_price;
  const sl = p.sl_price;
  return (
    <li className="order-card">
      <div className="order-card__head">
        <span>
          <span className={`side-tag side-tag--${tone}`}>{sideText}</span> <b>{base}/USDC</b>{' '}
          <span className="muted">
            {p.margin_mode === 'cross' ? t('trade.cross') : t('trade.isolated')} {p.leverage}x
          </span>
        </span>
        <AdlLights lights={p.adl_lights} />
      </div>
      <div className="pos-pnl">
        <div>
          <div className="muted small">{t('trade.pnl')} (USDC)</div>
          <div className={`num pos-pnl__big tone-${pnl.tone}`}>{pnl.text}</div>
        </div>
        <div className="right">
          <div className="muted small">{t('trade.roe')}</div>
          <div className={`num pos-pnl__big tone-${roe.tone}`}>{roe.text}</div>
        </div>
      </div>
      <dl className="order-card__grid">
        <div>
          <dt>
            {t('trade.size')} ({base})
          </dt>
          <dd className="num">{formatQuantity(size, market, lang)}</dd>
        </div>
        <div>
          <dt>{t('trade.entryPrice')}</dt>
          <dd className="num">{formatPrice(p.entry_price, scale, lang)}</dd>
        </div>
        <div>
          <dt>{t('trade.markPrice')}</dt>
          <dd className="num">{formatPrice(p.mark_price, scale, lang)}</dd>
        </div>
        <div>
          <dt>{t('trade.liqPrice')}</dt>
          <dd className="num warn-text">{formatPrice(p.liquidation_price, scale, lang)}</dd>
        </div>
        <div>
          <dt>{t('trade.margin')} (USDC)</dt>
          <dd className="num">{formatDecimal(p.margin, lang, { minFraction: 2, maxFraction: 2 })}</dd>
        </div>
        <div>
          <dt>{t('trade.tpsl')}</dt>
          <dd className="num">
            {tp ? formatPrice(tp, scale, lang) : '--'} / {sl ? formatPrice(sl, scale, lang) : '--'}
          </dd>
        </div>
      </dl>
      <div className="order-card__actions">
        {/* Only an isolated position has margin of its own; cross positions share the balance. */}
        {p.margin_mode === 'isolated' && (
          <Button size="mini" className="small-btn" onClick={onMargin}>
            {t('trade.modifyMargin')}
          </Button>
        )}
        <Button size="mini" className="small-btn" onClick={onTpsl}>
          {t('trade.tpsl')}
        </Button>
        <Button
          size="mini"
          className="small-btn"
          loading={close.isPending}
          onClick={async () => {
            const ok = await confirmDialog({
              // One sentence per side: the side's word agrees with "position" (la posición larga,
              // la position longue) and is not the capitalised tag mid-sentence.
              content: t(p.side === 'long' ? 'trade.closeConfirmLong' : 'trade.closeConfirmShort', {
                qty: withUnit(formatQuantity(size, market, lang), base),
              }),
              confirmText: t('trade.closePosition'),
              cancelText: t('common.cancel'),
            });
            if (ok)
              close.mutate(p.id, {
                onSuccess: () => showToast(t('trade.positionClosed'), 2000),
              });
          }}
        >
          {t('trade.closePosition')}
        </Button>
      </div>
    </li>
  );
}

function ContractOrderRow({
  o,
  market,
  onAmend,
}: {
  o: ContractOrder;
  market: Coin | undefined;
  onAmend(): void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const cancel = useCancelContractOrder();
  const label = {
    open_long: t('trade.openLong'),
    open_short: t('trade.openShort'),
    close_long: t('trade.closeLong'),
    close_short: t('trade.closeShort'),
  }[o.action];
  const tone = o.action === 'open_long' || o.action === 'close_short' ? 'up' : 'down';
  const typeLabel = useContractTypeLabel()(o.type);
  const scale = market?.price_scale ?? 2;
  return (
    <OpenOrderCard
      title={
        <>
          <b className={`tone-${tone}`}>{label}</b> <b>{(market?.base ?? '') || o.symbol}/USDC</b>{' '}
          <span className="muted">{typeLabel}</span>
        </>
      }
      buttons={
        <span className="order-card__btns">
          <Button size="mini" className="small-btn" onClick={onAmend}>
            {t('trade.amend')}
          </Button>
          <CancelButton id={o.id} cancel={cancel} />
        </span>
      }
      createdAt={o.created_at}
      price={o.price}
      filled={o.filled}
      quantity={o.quantity}
      market={market}
    >
      {o.trigger_price !== null && (
        <div>
          <dt>
            {t('trade.triggerPrice')} ({o.trigger_by === 'last' ? t('trade.byLast') : t('trade.byMark')})
          </dt>
          <dd className="num">
            {formatPrice(o.trigger_price, scale, lang)}
            {o.callback_rate !== null ? ` · ${formatPercent(o.callback_rate, lang)}` : ''}
          </dd>
        </div>
      )}
      {o.trigger_price !== null && (
        <div>
          <dt>{t('orders.status')}</dt>
          <dd>{o.triggered ? t('trade.triggered') : t('trade.waiting')}</dd>
        </div>
      )}
      {o.time_in_force !== null && o.time_in_force !== 'GTC' && (
        <div>
          <dt>{t('trade.tif')}</dt>
          <dd>{o.time_in_force === 'POST_ONLY' ? t('trade.postOnly') : o.time_in_force}</dd>
        </div>
      )}
    </OpenOrderCard>
  );
}

/** Under the contract form: positions and open orders of the futures account. */
export function PositionsPanel({ coins, positions }: { coins: Coin[]; positions: Position[] }) {
  const { t } = useTranslation();
  const signedIn = hasToken(window.localStorage);
  const [tab, setTab] = useState<'positions' | 'orders'>('positions');
  const [marginOf, setMarginOf] = useState<Position | null>(null);
  // The sheet follows the position in the list (kept by id): a TP/SL set a moment ago arrives in it.
  const [tpslId, setTpslId] = useState<string | null>(null);
  const tpslOf = positions.find((p) => p.id === tpslId) ?? null;
  const [amendOf, setAmendOf] = useState<ContractOrder | null>(null);
  const orders = useOpenContractOrders();
  const cancelAll = useCancelAllContract();
  const confirmCancelAll = useConfirmCancelAll();
  const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
  const list = orders.data?.list ?? [];
  if (!signedIn) return <SignedOutPanel redirect="/ContractOpe" />;
  return (
    <section className="tpanel">
      <PanelHead<'positions' | 'orders'>
        label={t('trade.positions', { count: positions.length })}
        value={tab}
        onChange={setTab}
        options={[
          { value: 'positions', label: t('trade.positions', { count: positions.length }) },
          { value: 'orders', label: t('trade.openOrders', { count: orders.data?.total ?? list.length }) },
        ]}
        to="/ContractOrder"
        linkLabel={t('titles.contractOrder')}
      />
      {tab === 'positions' ? (
        positions.length === 0 ? (
          <EmptyState compact text={t('trade.noPositions')} />
        ) : (
          <>
            <div className="tpanel__bar">
              <CloseAllPositions positions={positions} bySymbol={bySymbol} />
            </div>
            <ul className="order-list">
              {positions.map((p) => (
                <PositionCard
                  key={p.id}
                  p={p}
                  market={bySymbol.get(p.symbol)}
                  onMargin={() => setMarginOf(p)}
                  onTpsl={() => setTpslId(p.id)}
                />
              ))}
            </ul>
          </>
        )
      ) : list.length === 0 ? (
        <EmptyState compact text={t('trade.noOrders')} />
      ) : (
        <>
          <div className="tpanel__bar">
            <Button
              size="mini"
              className="small-btn"
              loading={cancelAll.isPending}
              onClick={async () => {
                if (await confirmCancelAll(orders.data?.total ?? list.length))
                  cancelAll.mutate(undefined, {
                    onSuccess: (r) => showToast(t('trade.cancelledAll', { count: r.cancelled }), 2000),
                  });
              }}
            >
              {t('trade.cancelAll')}
            </Button>
          </div>
          <ul className="order-list">
            {list.map((o) => (
              <ContractOrderRow
                key={o.id}
                o={o}
                market={bySymbol.get(o.symbol)}
                onAmend={() => setAmendOf(o)}
              />
            ))}
          </ul>
        </>
      )}
      <AmendSheet
        order={amendOf}
        market={amendOf ? bySymbol.get(amendOf.symbol) : undefined}
        onClose={() => setAmendOf(null)}
      />
      <MarginSheet position={marginOf} onClose={() => setMarginOf(null)} />
      <TpslSheet
        position={tpslOf}
        market={tpslOf ? bySymbol.get(tpslOf.symbol) : undefined}
        onClose={() => setTpslId(null)}
      />
    </section>
  );
}
