export * from './exchange-engine.ts';
export * from './invariants.ts';
