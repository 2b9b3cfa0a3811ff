// A local fake exchange speaking Binance's public spot API (exchangeInfo and 24h tickers), enough for
// ccxt's binance class with its API origin pointed here (feed/ccxt.ts `apiBase`). Each instance is
// one independent source: tests set its prices and quote times, or take it down.
import { createServer, type Server } from 'node:http';

export interface FakeExchange {
  url: string;
  /** Last price (decimal string) per base. */
  prices: Map<string, string>;
  /** The exchange time of its quotes (ms); default: now. */
  quoteTs: (() => number) | null;
  /** Down: every request gets a 503. */
  down: boolean;
  requests: number;
  close(): Promise<void>;
}

const BASES = ['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE'];

function market(base: string) {
  return {
    symbol: `${base}USDT`,
    status: 'TRADING',
    baseAsset: base,
    baseAssetPrecision: 8,
    quoteAsset: 'USDT',
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    orderTypes: ['LIMIT', 'MARKET'],
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: '0.00001', maxPrice: '1000000', tickSize: '0.00001' },
      { filterType: 'LOT_SIZE', minQty: '0.00001', maxQty: '9000', stepSize: '0.00001' },
    ],
  };
}

export async function fakeExchange(): Promise<FakeExchange> {
  const state = {
    prices: new Map<string, string>(),
    quoteTs: null as (() => number) | null,
    down: false,
    requests: 0,
  };
  const server: Server = createServer((req, res) => {
    state.requests += 1;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.down) return send(503, { code: -1, msg: 'down for maintenance' });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/v3/exchangeInfo') {
      return send(200, { timezone: 'UTC', serverTime: Date.now(), symbols: BASES.map(market) });
    }
    if (url.pathname === '/fapi/v1/exchangeInfo' || url.pathname === '/dapi/v1/exchangeInfo') {
      return send(200, { timezone: 'UTC', serverTime: Date.now(), symbols: [] });
    }
    if (url.pathname === '/api/v3/ticker/24hr') {
      const ts = state.quoteTs ? state.quoteTs() : Date.now();
      const list = [...state.prices].map(([base, price]) => ({
        symbol: `${base}USDT`,
        lastPrice: price,
        openPrice: price,
        highPrice: price,
        lowPrice: price,
        volume: '1000',
        quoteVolume: '1000',
        openTime: ts - 86_400_000,
        closeTime: ts,
        count: 1,
      }));
      return send(200, list);
    }
    return send(404, { code: -1, msg: `no route ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeExchange;
}
