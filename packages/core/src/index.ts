export * from './book/index.ts';
export * from './engine/index.ts';
export * from './ledger/index.ts';
export * from './money.ts';
export * from './perp/index.ts';
export * from './spot/index.ts';
