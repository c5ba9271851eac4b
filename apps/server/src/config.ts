import path from 'node:path';
import { z } from 'zod';
import { withFields } from './core/with-fields.js';
import { defaultWebDistDir } from './paths.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every setting the server reads from the environment, with its default. The README's
 * configuration table mirrors this schema; a bad value stops the start with a message naming it.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PRODUCT_NAME: z.string().min(1).max(60).default('Inspecta'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB')
    .default('32MB'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** How long a resolved session token is answered from memory; 0 reads every request's session. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: booleanFromEnv.default(false),
  POSTAL_LOOKUP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.postalpincode.in/pincode'),
  POSTAL_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com:465')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Inspecta <no-reply@inspecta.local>'),
  /** Signs the bot-check challenges; generated on first start and kept in the database when unset. */
  ALTCHA_HMAC_KEY: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  /** Seconds between keep-alive comments on a notification stream (also when its session is re-checked). */
  NOTIFICATION_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(25),
  /** Seconds between runs of the escalation job (reminders, overdue work and actions); 0 turns it off. */
  SCHEDULED_NOTIFICATIONS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Seconds between runs of the schedule planning job (creates assignments ahead); 0 turns it off. */
  SCHEDULE_PLANNING_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  /** Who the push services may contact about this server (VAPID `sub`); defaults to mailto: the MAIL_FROM address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** How long one web-push request may take before it counts as failed and is retried (SPEC.md 9: 10 s). */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /** Seconds between passes of the push queue worker (it also wakes on every new notification); 0 turns it off. */
  PUSH_WORKER_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  /** Accept http:// push endpoints (tests with a local fake push service); real push services are https. */
  PUSH_ALLOW_HTTP_ENDPOINTS: booleanFromEnv.default(false),
});

export type EnvConfig = z.infer<typeof configSchema>;

export interface AppConfig extends EnvConfig {
  /** Where the embedded PGlite database lives (inside DATA_DIR). */
  pgliteDir: string;
  /** Where the built client is served from. */
  webDistDir: string;
  /** Demo data is loaded only on the embedded database, unless SEED_DEMO says otherwise. */
  seedDemo: boolean;
  /** Where uploaded files (profile images) are kept: DATA_DIR/uploads. */
  uploadsDir: string;
  /** The address links in emails point to (PUBLIC_URL, or http://localhost:PORT). */
  publicUrl: string;
}

export class ConfigError extends Error {}

export function loadConfig(
  env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): AppConfig {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const dataDir = path.resolve(cfg.DATA_DIR);
  return withFields(cfg, {
    DATA_DIR: dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    webDistDir: path.resolve(cfg.WEB_DIST_DIR ?? defaultWebDistDir),
    seedDemo: cfg.SEED_DEMO ?? !cfg.DATABASE_URL,
    uploadsDir: path.join(dataDir, 'uploads'),
    publicUrl: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
  });
}

/** How the app opens its database: main.ts starts it early, buildApp otherwise. */
export function databaseOptions(config: AppConfig) {
  return {
    url: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolSize: config.DATABASE_POOL_SIZE,
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
  };
}
