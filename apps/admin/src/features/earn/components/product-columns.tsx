import { Button, type TableColumnType } from 'antd';
import { Num, TextWithLangs } from '../../../components/table-cells.tsx';
import { formatCoinOverview } from '../../../lib/format.ts';
import type { NamedProduct } from './ProductNameModal.tsx';

/** What the AI savings and staking product lists both show (ADRs 080, 081, 243). */
interface Product extends NamedProduct {
  coin: string;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
}

/** Amounts from the API's decimal strings: 2 up to the coin's decimals, cut (DESIGN.md "Numbers"). */
const amount = (v: string, coin: string) => formatCoinOverview(v, coin);

/** The name of record over the languages it has its own name in. */
export const nameColumn = <P extends Product>(): TableColumnType<P> => ({
  title: 'Name',
  render: (_, p) => <TextWithLangs text={p.name} texts={p.name_i18n} />,
});

/** The amount one may put in, from least to most, right-aligned. */
export const limitsColumn = <P extends Product>(): TableColumnType<P> => ({
  title: 'Min – max',
  align: 'right',
  render: (_, p) => (
    <Num>{`${amount(p.min_amount, p.coin)} – ${amount(p.max_amount, p.coin)} ${p.coin}`}</Num>
  ),
});

/** The switch between offered and withdrawn: the button names what a click does. */
export const enabledColumn = <P extends Product>(
  setEnabled: (p: P, enabled: boolean) => void,
): TableColumnType<P> => ({
  title: 'State',
  render: (_, p) => (
    <Button size="small" onClick={() => setEnabled(p, !p.enabled)}>
      {p.enabled ? 'Disable' : 'Enable'}
    </Button>
  ),
});
