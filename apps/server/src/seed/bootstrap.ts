import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { recordAudit } from '../core/audit.js';
import { LocalDiskFileStorage } from '../core/files/file-storage.js';
import { hashPassword } from '../core/security/password-hasher.js';
import type { Database } from '../db/database.js';
import { notifications, users } from '../db/schema.js';
import { loadDemoData } from './demo-data.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@inspecta.local';

/** Serialises the first start of several processes on one empty database (see bootstrapDatabase). */
const BOOTSTRAP_LOCK_KEY = 728_100_118;

export interface BootstrapResult {
  created: boolean;
  adminEmail?: string;
  generatedPassword?: string;
  demoLoaded: boolean;
}

/**
 * First start on an empty database: create the first administrator (and, on the embedded
 * database, demo data) in one transaction, so a crash half-way leaves an empty database that the
 * next start bootstraps again. Processes that start at the same moment queue on an advisory lock
 * and look again inside it: one creates the administrator, the others find it there and go on.
 */
export async function bootstrapDatabase(
  db: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  /**
   * Demo data made through the app's services after the demo is committed (the shop's orders, whose
   * bills and stock go through their modules). A failure there leaves the demo without it, logged.
   */
  afterDemo?: () => Promise<unknown>,
): Promise<BootstrapResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { created: false, demoLoaded: false };

  const adminEmail = (config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(config.ADMIN_PASSWORD ?? generatedPassword!);

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return false;
    const [admin] = await tx
      .insert(users)
      .values({ userType: 'admin', firstName: 'Admin', lastName: 'User', email: adminEmail, passwordHash })
      .returning();
    await recordAudit(tx, {
      actorId: null,
      action: 'user.bootstrap_admin',
      entityType: 'user',
      entityId: admin!.id,
      after: admin,
    });
    await tx.insert(notifications).values({
      userId: admin!.id,
      type: 'system.welcome',
      title: `Welcome to ${config.PRODUCT_NAME}`,
      body: 'Start by adding your clients and their sites, then the equipment installed there.',
      link: '/dashboard/user-management',
    });
    if (config.seedDemo)
      await loadDemoData(tx, admin!.id, new Date(), new LocalDiskFileStorage(config.uploadsDir));
    return true;
  });
  if (!created) return { created: false, demoLoaded: false };

  if (generatedPassword) {
    // Printed once, on purpose: this is the only way to learn the generated password.
    log.warn(
      `First administrator created: ${adminEmail} with password ${generatedPassword} (change it after signing in)`,
    );
  } else {
    log.info(`First administrator created: ${adminEmail}`);
  }
  if (config.seedDemo && afterDemo)
    await afterDemo().catch((error: unknown) => log.error({ err: error }, 'demo orders could not be loaded'));
  if (config.seedDemo) log.info('Demo data loaded (set SEED_DEMO=false to start empty)');
  return {
    created: true,
    adminEmail,
    demoLoaded: config.seedDemo,
    ...(generatedPassword ? { generatedPassword } : {}),
  };
}
