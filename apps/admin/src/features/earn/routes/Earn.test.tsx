import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import {
  cancelSendsNothing,
  postsTo,
  savesExactly,
  showsInvalid,
  typeIn,
} from '../../../test/edit-texts-testkit.ts';
import { Earn } from './Earn.tsx';

const PRODUCT = {
  id: '1',
  name: 'AI Quant 30 days',
  coin: 'USDC',
  kind: 'fixed',
  days: 30,
  daily_rate_min_ppm: 600,
  daily_rate_max_ppm: 1000,
  min_amount: '100.000000',
  max_amount: '200000.000000',
  early_fee_bp: 200,
  enabled: true,
};

const STAKE = {
  id: '7',
  user_id: '1001',
  product_id: '2',
  product_name: 'ETH Staking 60 days',
  coin: 'ETH',
  amount: '12.50000000',
  days: 60,
  daily_rate_ppm: 120,
  interest: '0.09000000',
  status: 'review',
  reason: null,
  created_at: Date.UTC(2030, 0, 1),
  due_at: null,
  settled_at: null,
};

describe('<Earn/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows product limits and stakes grouped per DESIGN.md, right-aligned', async () => {
    fakeServer((s) =>
      s.url.includes('stakes') ? ok({ list: [STAKE], total: 1, page: 1, limit: 20 }) : ok([PRODUCT]),
    );
    mountPage('/earn', <Earn />);
    const limits = await screen.findByText('100.00 – 200,000.00 USDC');
    expect(limits.closest('td')?.style.textAlign).toBe('right');
    fireEvent.click(screen.getByText('Staking'));
    const amount = await screen.findByText('12.50 ETH');
    expect(amount.closest('td')?.style.textAlign).toBe('right');
    expect(screen.getByText('0.09 ETH')).toBeTruthy();
    expect(screen.queryByText(/\.\d{8}/)).toBeNull();
  });

  it('sends the names per language a new product has, leaving empty tabs out (ADR 243)', async () => {
    const sent = fakeServer((s) =>
      s.method === 'POST' ? ok(PRODUCT) : ok([{ ...PRODUCT, name_i18n: { de: 'x' } }]),
    );
    mountPage('/earn', <Earn />);
    expect(await screen.findByText('DE')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New product' }));
    const form = within(
      (await screen.findByText('New AI savings product')).closest('.ant-modal') as HTMLElement,
    );
    typeIn(form, 'Name (text of record)', 'AI Quant 30 days');
    typeIn(form, 'Name (Deutsch)', ' KI-Quant 30 Tage ');
    typeIn(form, 'Name (Italiano)', 'Quant IA 30 giorni');
    typeIn(form, 'Daily rate min (ppm)', '600');
    typeIn(form, 'Daily rate max (ppm)', '1000');
    typeIn(form, 'Min amount', '100');
    typeIn(form, 'Max amount', '200000');
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(sent.find((s) => s.method === 'POST')!.body).toEqual({
      name: 'AI Quant 30 days',
      name_i18n: { de: 'KI-Quant 30 Tage', it: 'Quant IA 30 giorni' },
      coin: 'USDC',
      kind: 'fixed',
      days: 30,
      daily_rate_min_ppm: 600,
      daily_rate_max_ppm: 1000,
      min_amount: '100',
      max_amount: '200000',
      early_fee_bp: 50,
    });
    // Created: the dialog empties for the next one.
    await waitFor(() =>
      expect((form.getByLabelText('Name (text of record)') as HTMLInputElement).value).toBe(''),
    );
  });

  describe('Edit texts of an AI product (ADR 243)', () => {
    const page = {
      mount: () => mountPage('/earn', <Earn />),
      row: { ...PRODUCT, name_i18n: { de: 'KI-Quant 30 Tage', fr: 'IA Quant 30 jours' } },
      url: '/api/admin/ai/products/1',
    };

    it('opens prefilled and sends the name of record and exactly the edited map', () =>
      savesExactly(page, {
        prefill: {
          'Name (text of record)': 'AI Quant 30 days',
          'Name (Deutsch)': 'KI-Quant 30 Tage',
          'Name (Français)': 'IA Quant 30 jours',
          'Name (Italiano)': '',
        },
        typed: {
          'Name (Deutsch)': 'KI-Quant 30 Tage fest',
          'Name (Français)': '',
          'Name (Italiano)': ' Quant IA 30 giorni ',
        },
        body: {
          name: 'AI Quant 30 days',
          name_i18n: { de: 'KI-Quant 30 Tage fest', it: 'Quant IA 30 giorni' },
        },
      }));

    it("shows the server's 422 message on its language's field", () =>
      showsInvalid(page, {
        errors: { 'name_i18n.de': ['At most 60 characters'] },
        message: 'At most 60 characters',
        field: 'Name (Deutsch)',
      }));

    it('sends nothing when cancelled', () => cancelSendsNothing(page, { 'Name (Deutsch)': 'Anders' }));
  });

  describe('staking products (ADR 243)', () => {
    const STAKING = {
      id: '2',
      name: 'ETH Staking 60 days',
      coin: 'ETH',
      days: 60,
      daily_rate_ppm: 120,
      min_amount: '0.10000000',
      max_amount: '100.00000000',
      enabled: true,
      name_i18n: { de: 'ETH-Staking 60 Tage' },
    };
    const page = {
      mount: async () => {
        mountPage('/earn', <Earn />);
        fireEvent.click(await screen.findByText('Staking'));
        expect(await screen.findByText('ETH Staking 60 days')).toBeTruthy();
      },
      row: STAKING,
      url: '/api/admin/staking/products/2',
      list: (s: { url: string }) =>
        s.url.includes('stakes') ? ok({ list: [], total: 0, page: 1, limit: 20 }) : ok([STAKING]),
    };

    it('edits the name per language through the staking product route', () =>
      savesExactly(page, {
        prefill: { 'Name (text of record)': 'ETH Staking 60 days', 'Name (Deutsch)': 'ETH-Staking 60 Tage' },
        typed: {
          'Name (text of record)': 'ETH Staking 60 days fixed',
          'Name (Deutsch)': '',
          'Name (English)': 'ETH Staking, 60 days',
        },
        body: { name: 'ETH Staking 60 days fixed', name_i18n: { en: 'ETH Staking, 60 days' } },
      }));

    it("shows the server's 422 message on the name of record", () =>
      showsInvalid(page, {
        errors: { name: ['Required'] },
        message: 'Required',
        field: 'Name (text of record)',
      }));

    it('sends nothing when cancelled', () => cancelSendsNothing(page));

    it('creates a product with its names per language', async () => {
      const sent = fakeServer((s) => (s.method === 'POST' ? ok(STAKING) : page.list(s)));
      await page.mount();
      fireEvent.click(screen.getByRole('button', { name: 'New product' }));
      const title = await screen.findByText('New staking product');
      const form = within(title.closest('.ant-modal') as HTMLElement);
      typeIn(form, 'Name (text of record)', 'SOL Staking 30 days');
      typeIn(form, 'Name (Deutsch)', 'SOL-Staking 30 Tage');
      typeIn(form, 'Daily rate (ppm)', '150');
      typeIn(form, 'Min amount', '1');
      typeIn(form, 'Max amount', '500');
      form.getByRole('button', { name: 'Create' }).click();
      const [post] = await postsTo(sent, '/api/admin/staking/products');
      expect(post!.body).toEqual({
        name: 'SOL Staking 30 days',
        name_i18n: { de: 'SOL-Staking 30 Tage' },
        coin: 'USDC',
        days: 30,
        daily_rate_ppm: 150,
        min_amount: '1',
        max_amount: '500',
        enabled: true,
      });
    });
  });

  /** Confirms the open "Disable …?" dialog. */
  const confirmDisable = async (name: string) => {
    // The newest dialog: an earlier one may still be closing.
    const titles = await screen.findAllByText(`Disable “${name}”?`);
    const dialogs = titles.map((t) => t.closest('.ant-modal')).filter((d) => d !== null);
    fireEvent.click(within(dialogs.at(-1) as HTMLElement).getByRole('button', { name: 'Disable' }));
  };

  it('disables a product through its own update route (both lists), after a confirmation', async () => {
    const sent = fakeServer((s) =>
      s.url.includes('stakes') ? ok({ list: [], total: 0, page: 1, limit: 20 }) : ok([PRODUCT]),
    );
    mountPage('/earn', <Earn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    // Nothing is sent before the operator confirms: users would lose the product at once.
    expect(
      (await screen.findAllByText(/Users no longer see it and cannot subscribe to it/)).length,
    ).toBeGreaterThan(0);
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    await confirmDisable('AI Quant 30 days');
    const [ai] = await postsTo(sent, '/api/admin/ai/products/1');
    expect(ai!.body).toEqual({ enabled: false });
    expect(await screen.findByText('“AI Quant 30 days” disabled')).toBeTruthy();
    fireEvent.click(screen.getByText('Staking'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Disable' })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    await confirmDisable('AI Quant 30 days');
    const [staking] = await postsTo(sent, '/api/admin/staking/products/1');
    expect(staking!.body).toEqual({ enabled: false });
  });

  it('says whether a product is enabled, and enables a disabled one without a dialog', async () => {
    const sent = fakeServer((s) =>
      s.method === 'POST'
        ? ok({ ...PRODUCT, enabled: true })
        : s.url.includes('stakes')
          ? ok({ list: [], total: 0, page: 1, limit: 20 })
          : ok([PRODUCT, { ...PRODUCT, id: '2', name: 'AI Quant 7 days', enabled: false }]),
    );
    mountPage('/earn', <Earn />);
    const off = (await screen.findByText('AI Quant 7 days')).closest('tr') as HTMLElement;
    const on = screen.getByText('AI Quant 30 days').closest('tr') as HTMLElement;
    expect(within(on).getByText('Enabled')).toBeTruthy();
    expect(within(off).getByText('Disabled')).toBeTruthy();
    fireEvent.click(within(off).getByRole('button', { name: 'Enable' }));
    const [post] = await postsTo(sent, '/api/admin/ai/products/2');
    expect(post!.body).toEqual({ enabled: true });
    expect(await screen.findByText('“AI Quant 7 days” enabled')).toBeTruthy();
  });

  it("a stake's user opens that user's drawer on the Users page (from the list and the drawer)", async () => {
    const Where = () => {
      const at = useLocation();
      return <p>{`at ${at.pathname}${at.search}`}</p>;
    };
    fakeServer((s) =>
      s.url.includes('stakes') ? ok({ list: [STAKE], total: 1, page: 1, limit: 20 }) : ok([]),
    );
    mountPage('/earn', <Earn />, '/earn?tab=staking', { '/users': <Where /> });
    const cell = await screen.findByRole('link', { name: '1001' });
    expect(cell.closest('td')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const drawer = (await screen.findByText('Stake #7')).closest('.ant-drawer') as HTMLElement;
    fireEvent.click(within(drawer).getByRole('link', { name: '1001' }));
    expect(await screen.findByText('at /users?user=1001')).toBeTruthy();
  });

  describe('DeFi staking review', () => {
    const review = async () => {
      const sent = fakeServer((s) => {
        if (s.method === 'POST') return ok({ ...STAKE, status: 'active' });
        return s.url.includes('stakes') ? ok({ list: [STAKE], total: 1, page: 1, limit: 20 }) : ok([]);
      });
      mountPage('/earn', <Earn />, '/earn?tab=staking');
      fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
      expect(await screen.findByText('Stake #7')).toBeTruthy();
      return sent;
    };

    it('lists stakes under review first, one in the singular, and keeps the tab in the URL', async () => {
      const sent = await review();
      const list = sent.find((s) => s.url.includes('/api/admin/staking/stakes'))!;
      expect(new URL(list.url, 'http://x').searchParams.get('status')).toBe('review');
      expect(screen.getByText('1 stake')).toBeTruthy();
      // The drawer shows the amount in full precision.
      expect(screen.getByText('12.50000000 ETH')).toBeTruthy();
    });

    it('says what an empty queue means under each filter', async () => {
      fakeServer((s) => (s.url.includes('stakes') ? ok({ list: [], total: 0, page: 1, limit: 20 }) : ok([])));
      mountPage('/earn', <Earn />, '/earn?tab=staking');
      expect(await screen.findByText('No stake waits for review')).toBeTruthy();
      fireEvent.click(screen.getByText('Rejected'));
      expect(await screen.findByText('No rejected stake')).toBeTruthy();
      fireEvent.click(screen.getByText('All'));
      expect(await screen.findByText('No stake yet')).toBeTruthy();
    });

    it('approves after the confirmation', async () => {
      const sent = await review();
      fireEvent.click(screen.getByRole('button', { name: /Approve/ }));
      fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
      const [post] = await postsTo(sent, '/api/admin/staking/stakes/7/review');
      expect(post!.body).toEqual({ action: 'approve' });
    });

    it('rejects only with a reason, and sends it', async () => {
      const sent = await review();
      fireEvent.click(screen.getByRole('button', { name: /Reject/ }));
      const dialog = within(
        (await screen.findByText('Reject this stake')).closest('.ant-modal') as HTMLElement,
      );
      fireEvent.click(dialog.getByRole('button', { name: 'Reject and refund' }));
      expect(await screen.findByText('Give the user a reason')).toBeTruthy();
      typeIn(dialog, 'Reason (the user sees it)', ' Product is full ');
      fireEvent.click(dialog.getByRole('button', { name: 'Reject and refund' }));
      const [post] = await postsTo(sent, '/api/admin/staking/stakes/7/review');
      expect(post!.body).toEqual({ action: 'reject', reason: 'Product is full' });
    });
  });
});
