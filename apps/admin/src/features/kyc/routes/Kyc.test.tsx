import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok, type Sent } from '../../../test/console.tsx';
import { Kyc } from './Kyc.tsx';

const ITEM = {
  id: '7',
  user_id: '3',
  account: 'erika@example.com',
  status: 'under_audit',
  country: 'DE',
  family_name: 'Muster',
  given_name: 'Erika',
  document_type: 'id_card',
  document_number: 'L01X00T47',
  front_url: '/api/admin/kyc/7/images/front',
  back_url: '/api/admin/kyc/7/images/back',
  face_url: '/api/admin/kyc/7/images/face',
  reason: null,
  submitted_at: 1_700_000_000_000,
  reviewed_at: null,
};

const mount = () => mountPage('/kyc', <Kyc />);

describe('<Kyc/>', () => {
  let sent: Sent[];
  beforeEach(() => {
    let n = 0;
    const sides = ['front', 'back', 'face'];
    URL.createObjectURL = () => `blob:${sides[n++ % 3]}`;
    URL.revokeObjectURL = () => {};
    sent = fakeServer((s) => {
      if (s.url.includes('/images/')) {
        return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          status: 200,
          headers: { 'content-type': 'image/png' },
        });
      }
      if (s.method === 'GET') return ok({ list: [ITEM], total: 1, page: 1, limit: 20 });
      return ok({ ...ITEM, status: 'failed', reason: (s.body as { reason?: string })?.reason ?? null });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('lists applications under review by default and shows the images and fields on Review', async () => {
    mount();
    expect(await screen.findByText('erika@example.com')).toBeTruthy();
    expect(sent[0]!.url).toContain('/api/admin/kyc?');
    expect(sent[0]!.url).toContain('status=under_audit');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Identity #7')).toBeTruthy();
    // Images come through the authenticated endpoint with the operator token, shown as blob addresses.
    const images = await screen.findAllByRole('img', { name: /of Muster Erika/ });
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['blob:front', 'blob:back', 'blob:face']);
    const fetched = sent.filter((s) => s.url.includes('/images/'));
    expect(fetched.map((s) => s.url)).toEqual([ITEM.front_url, ITEM.back_url, ITEM.face_url]);
    expect(fetched.every((s) => s.auth === 'Bearer op-token')).toBe(true);
  });

  it('rejects only with a reason, and sends that reason', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: /Reject/ }));
    const dialog = (await screen.findByText('Reject this identity')).closest('.ant-modal') as HTMLElement;
    const confirm = () =>
      fireEvent.click(
        [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Reject') as HTMLButtonElement,
      );
    confirm();
    expect(await screen.findByText('Give the user a reason')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Reason (the user sees it)'), {
      target: { value: ' Blurred photo ' },
    });
    confirm();
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    const post = sent.find((s) => s.method === 'POST')!;
    expect(post.url).toBe('/api/admin/kyc/7/reject');
    expect(post.body).toEqual({ reason: 'Blurred photo' });
  });
});
