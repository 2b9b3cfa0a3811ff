import type { TextPerLang } from '@ex/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, type TableColumnsType, Tag } from 'antd';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';
import { editTextsColumn, useEditing } from '../../../components/EditTextsModal.tsx';
import { Num, TextWithLangs } from '../../../components/table-cells.tsx';
import { formatCoinOverview } from '../../../lib/format.ts';
import { type NamedProduct, ProductNameModal } from './ProductNameModal.tsx';

/** What the AI savings and staking product lists both show (ADRs 080, 081, 243). */
export interface Product extends NamedProduct {
  coin: string;
  min_amount: string;
  max_amount: string;
  enabled: boolean;
}

/** The operator's edit both update routes take: enable or disable, and/or the names. */
export interface ProductUpdate {
  enabled?: boolean;
  name?: string;
  name_i18n?: TextPerLang;
}

/**
 * Below this width the list scrolls sideways inside its card instead of squeezing the name into a
 * column of single words (a phone; ADR 226).
 */
const MIN_WIDTH_PX = 900;

/**
 * A product list of the Earn page: every product as the operator sees it, name (with the languages
 * it has), coin, the kind's own figures (`columns`), the amount range, enable/disable and "Edit
 * texts". Both actions go through the kind's update route; `invalidate` is refetched after each.
 */
export function ProductTable<P extends Product>({
  queryKey,
  invalidate = queryKey,
  list,
  update,
  columns,
}: {
  queryKey: QueryKey;
  invalidate?: QueryKey;
  list: (signal: AbortSignal) => Promise<P[]>;
  update: (id: string, body: ProductUpdate) => Promise<unknown>;
  columns: TableColumnsType<P>;
}) {
  const qc = useQueryClient();
  const products = useQuery({ queryKey, queryFn: ({ signal }) => list(signal) });
  const edit = useMutation({
    mutationFn: (p: { id: string; body: ProductUpdate }) => update(p.id, p.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: invalidate }),
  });
  const editing = useEditing<P>();
  const { message, modal } = App.useApp();
  const setEnabled = (p: P, enabled: boolean) =>
    edit
      .mutateAsync({ id: p.id, body: { enabled } })
      .then(() => void message.success(`“${p.name}” ${enabled ? 'enabled' : 'disabled'}`));
  // Disabling takes the product off the users' list (and refuses new subscriptions): confirmed.
  const toggle = (p: P) =>
    p.enabled
      ? modal.confirm({
          title: `Disable “${p.name}”?`,
          content:
            'Users no longer see it and cannot subscribe to it; running subscriptions go on to their end.',
          okText: 'Disable',
          okButtonProps: { danger: true },
          onOk: () => setEnabled(p, false),
        })
      : void setEnabled(p, true).catch(() => {});
  return (
    <>
      <ConsoleTable<P>
        rowKey="id"
        size="small"
        loading={products.isPending}
        dataSource={products.data ?? []}
        pagination={false}
        scroll={{ x: MIN_WIDTH_PX }}
        // Columns as wide as their content (a range never wraps or runs into the next column).
        tableLayout="auto"
        columns={[
          {
            title: 'Name',
            // Room for a name before the columns that do not wrap take theirs.
            width: 180,
            render: (_, p) => <TextWithLangs text={p.name} texts={p.name_i18n} />,
          },
          { title: 'Coin', dataIndex: 'coin' },
          ...columns,
          {
            title: 'Min – max',
            align: 'right',
            // Amounts from the API's decimal strings: 2 up to the coin's decimals, cut (DESIGN.md "Numbers").
            render: (_, p) => (
              <Num>{`${formatCoinOverview(p.min_amount, p.coin)} – ${formatCoinOverview(p.max_amount, p.coin)} ${p.coin}`}</Num>
            ),
          },
          {
            title: 'State',
            // The tag says what the product is now, the button what a click does (it said only the
            // latter: a disabled product showed just "Enable").
            render: (_, p) => (
              <Space size={4} wrap={false}>
                {p.enabled ? <Tag color="green">Enabled</Tag> : <Tag>Disabled</Tag>}
                <Button size="small" onClick={() => toggle(p)}>
                  {p.enabled ? 'Disable' : 'Enable'}
                </Button>
              </Space>
            ),
          },
          editTextsColumn(editing.start),
        ]}
      />
      <ProductNameModal editing={editing} save={(id, body) => edit.mutateAsync({ id, body })} />
    </>
  );
}
