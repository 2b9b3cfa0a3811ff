export * from './api.ts';
export * from './client.ts';
export * from './errors.ts';
export * from './query.ts';
export * from './signing.ts';
export * from './types.ts';
