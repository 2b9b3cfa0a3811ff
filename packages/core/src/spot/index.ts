export * from './book-factory.ts';
export * from './spot-engine.ts';
