// Plain numbers, apart from push.ts's schemas: a client that needs only these must not load zod
// (a module's top-level `z.object(...)` calls are kept by the bundler whenever anything of the
// module is imported; docs/performance.md).

/** SPEC.md 9: a device re-sends its push registration when it is older than this. */
export const PUSH_REGISTRATION_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
/** SPEC.md 9: every registration request gives up after this long. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
