import { z } from 'zod';

export const WithdrawNetwork = z.object({
  network: z.string(),
  fee: z.string(),
  min: z.string(),
  max: z.string(),
});
export const WithdrawCoin = z.object({ coin: z.string(), networks: z.array(WithdrawNetwork) });
export type WithdrawCoin = z.infer<typeof WithdrawCoin>;
export const WithdrawCoinList = z.array(WithdrawCoin);
