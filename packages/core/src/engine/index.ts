export * from './demo-config.ts';
export * from './exchange-engine.ts';
export * from './invariants.ts';
export * from './market-params.ts';
