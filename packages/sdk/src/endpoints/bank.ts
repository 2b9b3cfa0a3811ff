import type { BankCard, BankCardRequest } from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

export function bankApi(client: Client) {
  return {
    list: (opts?: CallOptions) => client.get<BankCard[]>('/api/app/bank-cards', undefined, opts),
    /** `card_number` digits only: strip spaces before sending. */
    add: (body: BankCardRequest, opts?: CallOptions) =>
      client.post<BankCard>('/api/app/bank-cards', body, opts),
    remove: (id: string, opts?: CallOptions) =>
      client.delete<null>(`/api/app/bank-cards/${encodeURIComponent(id)}`, undefined, opts),
  };
}
