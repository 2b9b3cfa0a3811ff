// showToast (src/lib/toast.ts) fetches antd-mobile's Toast with the first message. In a test that
// ends right after a refusal, that fetch (and the CSS of the toast's mask) was still loading when
// the file's environment was torn down: vitest then reports an EnvironmentTeardownError and fails
// the whole run although every test passed (seen in wallet-transfer and funds-withdraw). Loaded
// here once per file, the lazy import resolves from the module cache.
await import('antd-mobile/es/components/toast');

export {};
