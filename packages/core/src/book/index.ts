export { EMPTY, hashString } from './common.ts';
export { FastOrderBook } from './fast.ts';
export { NaiveOrderBook } from './naive.ts';
export * from './triggers.ts';
export * from './types.ts';
