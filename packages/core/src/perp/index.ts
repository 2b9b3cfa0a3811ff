export * from './math.ts';
