import type {
  CreatePushRegistrationBody,
  PushPayload,
  PushRegistration,
  PushRegistrationListResponse,
  PushRegistrationResponse,
  UpdatePushRegistrationBody,
  VapidPublicKeyResponse,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { NotificationRow } from '../notifications/index.js';
import { PushRepository, type PushSubscriptionRow } from './push.repository.js';
import { generateVapidKeys, type VapidKeys } from './push-sender.js';

const VAPID_SETTINGS_KEY = 'vapid_keys';

export interface PushServiceOptions {
  /** Accept http:// endpoints (a local fake push service in tests); otherwise https only. */
  allowHttpEndpoints: boolean;
}

const registrationNotFound = () => AppError.notFound('Push registration');

function toRegistration(row: PushSubscriptionRow): PushRegistration {
  return {
    id: row.id,
    deviceLabel: row.deviceLabel,
    pushService: new URL(row.endpoint).origin,
    createdAt: row.createdAt.toISOString(),
    refreshedAt: row.refreshedAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/** What the audit trail keeps of a registration: never the keys or the full endpoint (a bearer capability). */
function auditView(row: PushSubscriptionRow) {
  return { userId: row.userId, deviceLabel: row.deviceLabel, pushService: new URL(row.endpoint).origin };
}

function isVapidKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/**
 * Web push: the server's VAPID key pair, the browsers' registrations (one per user and device),
 * and the queue rows `notify` adds. Sending is the worker's job (push-worker.ts). Its origins are
 * partial: a registration may be made without a request (then no ip and no user agent are kept).
 */
export class PushService {
  private keys: Promise<VapidKeys> | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: PushServiceOptions,
  ) {}

  /**
   * The VAPID key pair: generated once and kept in `app_settings`, so every process and every
   * restart signs with the same key (a new key would silently invalidate every browser's
   * subscription). Concurrent first starts race on the insert; the first one wins for all.
   */
  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= (async () => {
      // Read first: a new pair (and web-push) is needed on the very first start only.
      const repo = new PushRepository(this.db);
      const kept =
        (await repo.findSetting(VAPID_SETTINGS_KEY)) ??
        (await repo.keepSettingOnce(VAPID_SETTINGS_KEY, await generateVapidKeys()));
      if (!isVapidKeys(kept)) throw new Error(`app_settings.${VAPID_SETTINGS_KEY} is not a VAPID key pair`);
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    })().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  async publicKey(): Promise<VapidPublicKeyResponse> {
    return { publicKey: (await this.vapidKeys()).publicKey };
  }

  private checkEndpoint(endpoint: string): void {
    if (!this.options.allowHttpEndpoints && !endpoint.startsWith('https://')) {
      throw AppError.validation([{ field: 'endpoint', message: 'The endpoint must be an https:// URL' }]);
    }
  }

  async listOwn(auth: AuthContext): Promise<PushRegistrationListResponse> {
    const rows = await new PushRepository(this.db).listForUser(auth.userId);
    return { registrations: rows.map(toRegistration) };
  }

  /**
   * Registers this browser for the caller. The endpoint identifies the browser: sent again by the
   * same user it refreshes their registration (200); if another user registered it before (a
   * shared computer whose previous user did not sign out), it moves to the caller, so the earlier
   * user's notifications stop appearing on a screen that is no longer theirs.
   */
  async register(
    auth: AuthContext,
    body: CreatePushRegistrationBody,
    origin: Partial<RequestOrigin>,
  ): Promise<{ created: boolean; response: PushRegistrationResponse }> {
    this.checkEndpoint(body.endpoint);
    const now = this.clock.now();
    try {
      return await this.registerInTransaction(auth, body, origin, now);
    } catch (error) {
      // Two registrations of one new endpoint at once (a double click): one wins, the other says so.
      if (isUniqueViolation(error, 'push_subscriptions_endpoint_key')) {
        throw AppError.conflict('endpoint', 'This device is being registered already; try again');
      }
      throw error;
    }
  }

  private registerInTransaction(
    auth: AuthContext,
    body: CreatePushRegistrationBody,
    origin: Partial<RequestOrigin>,
    now: Date,
  ): Promise<{ created: boolean; response: PushRegistrationResponse }> {
    return this.db.transaction(async (tx) => {
      const repo = new PushRepository(tx);
      const existing = await repo.findByEndpoint(body.endpoint);
      const values = {
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        deviceLabel: body.deviceLabel ?? existing?.deviceLabel ?? '',
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
        refreshedAt: now,
      };
      if (existing && existing.userId === auth.userId) {
        const row = await repo.update(existing.id, withFields(values, { failureCount: 0, lastError: null }));
        await this.audit(tx, auth, 'push.registration_refresh', row, origin, auditView(existing));
        return {
          created: false,
          response: {
            message: 'Browser notifications are on for this device',
            registration: toRegistration(row),
          },
        };
      }
      if (existing) {
        await repo.delete(existing.id);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'push.registration_delete',
          entityType: 'push_registration',
          entityId: existing.id,
          before: auditView(existing),
          after: { reason: 'the device was registered by another user' },
          ipAddress: origin.ip ?? null,
        });
      }
      const row = await repo.insert(
        withFields(values, { userId: auth.userId, endpoint: body.endpoint, createdAt: now }),
      );
      await this.audit(tx, auth, 'push.registration_create', row, origin);
      return {
        created: true,
        response: {
          message: 'Browser notifications are on for this device',
          registration: toRegistration(row),
        },
      };
    });
  }

  /** The 7-day refresh: new endpoint/keys if the browser rotated them, and a new refreshedAt. */
  async refresh(
    auth: AuthContext,
    id: number,
    body: UpdatePushRegistrationBody,
    origin: Partial<RequestOrigin>,
  ): Promise<PushRegistrationResponse> {
    if (body.endpoint) this.checkEndpoint(body.endpoint);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const repo = new PushRepository(tx);
      const before = await repo.findById(id, true);
      if (!before || before.userId !== auth.userId) throw registrationNotFound();
      if (body.endpoint && body.endpoint !== before.endpoint) {
        const taken = await repo.findByEndpoint(body.endpoint);
        if (taken) {
          if (taken.userId !== auth.userId) {
            throw AppError.conflict('endpoint', 'This endpoint is registered by another account');
          }
          // The browser's new endpoint already has its own registration: the old one is stale.
          await repo.delete(taken.id);
        }
      }
      const changes: Parameters<typeof repo.update>[1] = { refreshedAt: now };
      if (body.endpoint && body.keys)
        Object.assign(changes, {
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          failureCount: 0,
          lastError: null,
        });
      if (body.deviceLabel !== undefined) changes.deviceLabel = body.deviceLabel;
      if (origin.userAgent) changes.userAgent = origin.userAgent.slice(0, 500);
      const row = await repo.update(id, changes);
      await this.audit(tx, auth, 'push.registration_refresh', row, origin, auditView(before));
      return { message: 'Push registration refreshed', registration: toRegistration(row) };
    });
  }

  async unregister(
    auth: AuthContext,
    id: number,
    origin: Partial<RequestOrigin>,
  ): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      const repo = new PushRepository(tx);
      const before = await repo.findById(id, true);
      if (!before || before.userId !== auth.userId) throw registrationNotFound();
      await repo.delete(id);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'push.registration_delete',
        entityType: 'push_registration',
        entityId: id,
        before: auditView(before),
        ipAddress: origin.ip ?? null,
      });
    });
    return { message: 'Browser notifications are off for this device' };
  }

  private async audit(
    tx: Executor,
    auth: AuthContext,
    action: string,
    row: PushSubscriptionRow,
    origin: Partial<RequestOrigin>,
    before: unknown = null,
  ): Promise<void> {
    await recordAudit(tx, {
      actorId: auth.userId,
      action,
      entityType: 'push_registration',
      entityId: row.id,
      before,
      after: auditView(row),
      ipAddress: origin.ip ?? null,
    });
  }

  /**
   * Queues one push per (new notification, subscription of a recipient who wants push for this
   * kind), on the transaction that creates the notifications: if it rolls back, nothing is sent.
   * Registered with `NotificationsService.onCreated`; the request only inserts rows.
   */
  async enqueue(tx: Executor, rows: readonly NotificationRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const repo = new PushRepository(tx);
    const now = this.clock.now();
    let queued = 0;
    const byType = new Map<string, NotificationRow[]>();
    for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row]);
    for (const [type, ofType] of byType) {
      const subscriptions = await repo.subscriptionsWantingPush(
        [...new Set(ofType.map((r) => r.userId))],
        type,
      );
      const deliveries = ofType.flatMap((notification) =>
        subscriptions
          .filter((s) => s.userId === notification.userId)
          .map((subscription) => {
            const payload: PushPayload = {
              title: notification.title,
              body: notification.body,
              link: notification.link,
              tag: `notification-${notification.id}`,
              notificationId: notification.id,
            };
            return {
              subscriptionId: subscription.id,
              notificationId: notification.id,
              payload,
              nextAttemptAt: now,
              createdAt: now,
            };
          }),
      );
      await repo.enqueue(deliveries);
      queued += deliveries.length;
    }
    return queued;
  }
}
