export * from './money.ts';
export * from './book/index.ts';
