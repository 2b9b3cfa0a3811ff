import type { Client } from './client.ts';
import { accountApi } from './endpoints/account.ts';
import { adminApi } from './endpoints/admin.ts';
import { aiApi } from './endpoints/ai.ts';
import { apiKeysApi } from './endpoints/apikeys.ts';
import { bankApi } from './endpoints/bank.ts';
import { chainApi } from './endpoints/chain.ts';
import { communityApi } from './endpoints/community.ts';
import { contractApi } from './endpoints/contract.ts';
import { dividendApi } from './endpoints/dividend.ts';
import { exchangeApi } from './endpoints/exchange.ts';
import { ieoApi } from './endpoints/ieo.ts';
import { kycApi } from './endpoints/kyc.ts';
import { marketApi } from './endpoints/market.ts';
import { otcApi } from './endpoints/otc.ts';
import { reservesApi } from './endpoints/reserves.ts';
import { spotApi } from './endpoints/spot.ts';
import { stakingApi } from './endpoints/staking.ts';
import { supportApi } from './endpoints/support.ts';
import { systemApi } from './endpoints/system.ts';
import { userApi } from './endpoints/user.ts';
import { voteApi } from './endpoints/vote.ts';
import { walletApi } from './endpoints/wallet.ts';

/** Every endpoint as a typed function, grouped by domain; build one per client (web, admin, tests). */
export function createApi(client: Client) {
  return {
    client,
    account: accountApi(client),
    user: userApi(client),
    apiKeys: apiKeysApi(client),
    system: systemApi(client),
    market: marketApi(client),
    wallet: walletApi(client),
    spot: spotApi(client),
    contract: contractApi(client),
    admin: adminApi(client),
    chain: chainApi(client),
    kyc: kycApi(client),
    bank: bankApi(client),
    community: communityApi(client),
    exchange: exchangeApi(client),
    otc: otcApi(client),
    ieo: ieoApi(client),
    ai: aiApi(client),
    staking: stakingApi(client),
    dividend: dividendApi(client),
    vote: voteApi(client),
    reserves: reservesApi(client),
    support: supportApi(client),
  };
}

export type Api = ReturnType<typeof createApi>;
