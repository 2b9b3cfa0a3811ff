export * from './langs.ts';
// Server messages (error codes, validation) live in ./server/<lang>.ts, web UI strings in
// ./web/<lang>.ts. Each has `en` as its source catalogue: every other language is typed against it,
// so a missing key is a compile error, and test/completeness.test.ts checks it at run time too.
export * from './server/index.ts';
export * from './web/index.ts';
export * from './web/load.ts';
