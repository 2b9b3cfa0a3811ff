export * from './ledger.ts';
export * from './result-code.ts';
export * from './types.ts';
