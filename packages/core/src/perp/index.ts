export * from './conditional.ts';
export * from './math.ts';
export * from './perp-engine.ts';
