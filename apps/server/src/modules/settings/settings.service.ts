import {
  type ActiveSessionsResponse,
  configurableNotificationTypes,
  type DateFormat,
  type EndedSessionsResponse,
  isEmailNotificationType,
  type MyProfileResponse,
  type NotificationPreferences,
  type NotificationPreferencesResponse,
  notificationChannelsSchema,
  type OrganisationMutationResponse,
  type OrganisationSettings,
  type OrganisationSettingsResponse,
  passwordNotEmail,
  type UpdateMyProfileBody,
  type UpdateNotificationPreferencesBody,
  type UpdateOrganisationSettingsBody,
  type updateMyProfileBodySchema,
  type updateOrganisationSettingsBodySchema,
} from '@inspecta/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { type FileStorage, generateFileName } from '../../core/files/file-storage.js';
import { fileNameFromUrl, fileUrl } from '../../core/files/file-urls.js';
import { processProfileImage } from '../../core/files/image-processing.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { hashPassword, verifyPassword } from '../../core/security/password-hasher.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { toSessionUser, userSessions } from '../auth/index.js';
import { SettingsRepository } from './settings.repository.js';

const ORGANISATION_KEY = 'organisation';

export interface SettingsDefaults {
  companyName: string;
}

type StoredOrganisation = Partial<OrganisationSettings>;

/** The organisation's seller details (issue 18), each optional on update. */
const SELLER_FIELDS = [
  'gstin',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'pincode',
  'phone',
  'email',
] as const satisfies ReadonlyArray<keyof OrganisationSettings>;

/**
 * Settings: the signed-in user's own account (profile, password, sessions, notification
 * preferences) and, for administrators, the organisation (app_settings key "organisation").
 */
export class SettingsService {
  private readonly repo: SettingsRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly defaults: SettingsDefaults,
  ) {
    this.repo = new SettingsRepository(db);
  }

  // Profile -----------------------------------------------------------------------------------

  async updateMyProfile(
    auth: AuthContext,
    body: z.output<typeof updateMyProfileBodySchema> | UpdateMyProfileBody,
    origin: RequestOrigin,
  ): Promise<MyProfileResponse> {
    const patch = { firstName: body.firstName, lastName: body.lastName, phone: body.phone ?? null };
    try {
      const user = await this.db.transaction(async (tx) => {
        const repo = new SettingsRepository(tx);
        const before = await repo.lockLiveUser(auth.userId);
        if (!before) throw AppError.unauthenticated();
        if (before.userType !== 'admin' && !patch.phone) {
          throw AppError.validation([{ field: 'phone', message: 'Phone is required for your role' }]);
        }
        const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter((k) => before[k] !== patch[k]);
        if (changed.length === 0) return before;
        const after = await repo.updateUser(auth.userId, withFields(patch, { updatedAt: this.clock.now() }));
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'user.update_own_profile',
          entityType: 'user',
          entityId: auth.userId,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
          ipAddress: origin.ip,
        });
        return after;
      });
      return { message: 'Your profile is saved', user: toSessionUser(user) };
    } catch (error) {
      if (isUniqueViolation(error, 'users_phone_live_unique')) {
        throw AppError.conflict('phone', 'Another user already has this phone number');
      }
      throw error;
    }
  }

  // Password and sessions ---------------------------------------------------------------------

  /** Current password required; every other session ends, this one stays. */
  async changePassword(
    auth: AuthContext,
    body: { currentPassword: string; newPassword: string },
    origin: RequestOrigin,
  ): Promise<EndedSessionsResponse> {
    const current = await this.repo.findLiveUser(auth.userId);
    if (!current?.passwordHash || !(await verifyPassword(current.passwordHash, body.currentPassword))) {
      throw AppError.validation(
        [{ field: 'currentPassword', message: 'The current password is not right' }],
        'The current password is not right',
      );
    }
    if (!passwordNotEmail({ email: current.email, password: body.newPassword })) {
      throw AppError.validation([
        { field: 'newPassword', message: 'The password must not be your email address' },
      ]);
    }
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await this.db.transaction(async (tx) => {
      const repo = new SettingsRepository(tx);
      const now = this.clock.now();
      await repo.updateUser(auth.userId, { passwordHash, updatedAt: now });
      const count = await userSessions.revokeOthers(tx, auth.userId, auth.sessionId, now);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'user.change_password',
        entityType: 'user',
        entityId: auth.userId,
        after: { endedSessions: count },
        ipAddress: origin.ip,
      });
      return count;
    });
    return {
      message:
        ended === 0
          ? 'Your password is changed'
          : `Your password is changed and ${ended} other session${ended === 1 ? ' was' : 's were'} signed out`,
      endedSessions: ended,
    };
  }

  async listSessions(auth: AuthContext): Promise<ActiveSessionsResponse> {
    const rows = await this.repo.activeSessions(auth.userId, this.clock.now());
    const sessions = rows.map((s) => ({
      id: s.id,
      current: s.id === auth.sessionId,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    }));
    // This device first, then the most recently used.
    sessions.sort((a, b) => Number(b.current) - Number(a.current));
    return { sessions };
  }

  async signOutOtherSessions(auth: AuthContext, origin: RequestOrigin): Promise<EndedSessionsResponse> {
    const ended = await this.db.transaction(async (tx) => {
      const count = await userSessions.revokeOthers(tx, auth.userId, auth.sessionId, this.clock.now());
      if (count > 0) {
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'auth.sign_out_other_sessions',
          entityType: 'user',
          entityId: auth.userId,
          after: { endedSessions: count },
          ipAddress: origin.ip,
        });
      }
      return count;
    });
    return {
      message:
        ended === 0
          ? 'There were no other sessions'
          : `${ended} other session${ended === 1 ? ' was' : 's were'} signed out`,
      endedSessions: ended,
    };
  }

  // Notification preferences ------------------------------------------------------------------

  private completePreferences(stored: Record<string, unknown> | undefined): NotificationPreferences {
    return Object.fromEntries(
      configurableNotificationTypes.map((type) => {
        const parsed = notificationChannelsSchema.safeParse(stored?.[type]);
        const { inApp, push, email } = parsed.success
          ? parsed.data
          : { inApp: true, push: true, email: true };
        // E-mail exists for the client's kinds only (on until switched off); the others never carry it.
        return [
          type,
          isEmailNotificationType(type) ? { inApp, push, email: email ?? true } : { inApp, push },
        ];
      }),
    ) as NotificationPreferences;
  }

  async getPreferences(auth: AuthContext): Promise<NotificationPreferencesResponse> {
    return { preferences: this.completePreferences(await this.repo.getPreferences(auth.userId)) };
  }

  async updatePreferences(
    auth: AuthContext,
    body: UpdateNotificationPreferencesBody,
    origin: RequestOrigin,
  ): Promise<NotificationPreferencesResponse & { message: string }> {
    const preferences = await this.db.transaction(async (tx) => {
      const repo = new SettingsRepository(tx);
      const before = this.completePreferences(await repo.getPreferences(auth.userId, true));
      // Per kind, what the body leaves out stays as it was (a client that knows only inApp and push
      // keeps the e-mail choice); completing again drops an e-mail flag sent for a kind without e-mail.
      const changed = Object.entries(body.preferences).map(([type, channels]) => [
        type,
        withFields(before[type as keyof NotificationPreferences], channels),
      ]);
      const after = this.completePreferences(withFields(before, Object.fromEntries(changed)));
      await repo.putPreferences(auth.userId, after, this.clock.now());
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'user.notification_preferences',
        entityType: 'user',
        entityId: auth.userId,
        before,
        after,
        ipAddress: origin.ip,
      });
      return after;
    });
    return { message: 'Notification preferences saved', preferences };
  }

  /** Whether this user wants this kind by push (the push sender asks). */
  async wantsPush(userId: number, type: string): Promise<boolean> {
    const stored = await this.repo.getPreferences(userId);
    const channels = notificationChannelsSchema.safeParse(stored?.[type]);
    return channels.success ? channels.data.push : true;
  }

  // Organisation ------------------------------------------------------------------------------

  private completeOrganisation(stored: unknown): OrganisationSettings {
    const value = (stored ?? {}) as StoredOrganisation;
    return {
      companyName: value.companyName ?? this.defaults.companyName,
      logoUrl: value.logoUrl ?? null,
      timezone: value.timezone ?? 'Asia/Kolkata',
      dateFormat: (value.dateFormat ?? 'DD/MM/YYYY') as DateFormat,
      defaultInspectionIntervalDays: value.defaultInspectionIntervalDays ?? 180,
      gstin: value.gstin ?? null,
      addressLine1: value.addressLine1 ?? null,
      addressLine2: value.addressLine2 ?? null,
      city: value.city ?? null,
      state: value.state ?? null,
      pincode: value.pincode ?? null,
      phone: value.phone ?? null,
      email: value.email ?? null,
    };
  }

  /** The organisation; `executor`: read inside the caller's transaction (bills read the seller there). */
  async organisation(executor?: Executor): Promise<OrganisationSettingsResponse> {
    const repo = executor ? new SettingsRepository(executor) : this.repo;
    return { organisation: this.completeOrganisation(await repo.getSetting(ORGANISATION_KEY)) };
  }

  async updateOrganisation(
    auth: AuthContext,
    body: z.output<typeof updateOrganisationSettingsBodySchema> | UpdateOrganisationSettingsBody,
    origin: RequestOrigin,
  ): Promise<OrganisationMutationResponse> {
    const organisation = await this.db.transaction(async (tx) => {
      const repo = new SettingsRepository(tx);
      const before = this.completeOrganisation(await repo.getSetting(ORGANISATION_KEY, true));
      const after: OrganisationSettings = withFields(before, {
        companyName: body.companyName,
        timezone: body.timezone,
        dateFormat: body.dateFormat as DateFormat,
        defaultInspectionIntervalDays: Number(body.defaultInspectionIntervalDays),
      });
      // The seller's details bills print: absent keeps the stored value, blank or null clears it.
      for (const key of SELLER_FIELDS) {
        const value = (body as Record<string, unknown>)[key];
        if (value !== undefined) after[key] = (value as string | null) || null;
      }
      await repo.putSetting(ORGANISATION_KEY, after, this.clock.now());
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'settings.organisation',
        entityType: 'settings',
        entityId: ORGANISATION_KEY,
        before,
        after,
        ipAddress: origin.ip,
      });
      return after;
    });
    return { message: 'Organisation settings saved', organisation };
  }

  async setLogo(
    auth: AuthContext,
    upload: Buffer,
    origin: RequestOrigin,
  ): Promise<OrganisationMutationResponse> {
    const encoded = await processProfileImage(upload);
    const name = generateFileName('webp');
    await this.storage.save(name, encoded);
    let previous: string | null = null;
    let organisation: OrganisationSettings;
    try {
      organisation = await this.changeLogo(auth, fileUrl(name), origin, (old) => {
        previous = old;
      });
    } catch (error) {
      await this.storage.remove(name).catch(() => {});
      throw error;
    }
    await this.removeStored(previous);
    return { message: 'Logo updated', organisation };
  }

  async clearLogo(auth: AuthContext, origin: RequestOrigin): Promise<OrganisationMutationResponse> {
    let previous: string | null = null;
    const organisation = await this.changeLogo(auth, null, origin, (old) => {
      previous = old;
    });
    await this.removeStored(previous);
    return { message: 'Logo removed', organisation };
  }

  private async changeLogo(
    auth: AuthContext,
    logoUrl: string | null,
    origin: RequestOrigin,
    onPrevious: (url: string | null) => void,
  ): Promise<OrganisationSettings> {
    return this.db.transaction(async (tx) => {
      const repo = new SettingsRepository(tx);
      const before = this.completeOrganisation(await repo.getSetting(ORGANISATION_KEY, true));
      onPrevious(before.logoUrl);
      const after = withFields(before, { logoUrl });
      await repo.putSetting(ORGANISATION_KEY, after, this.clock.now());
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'settings.organisation_logo',
        entityType: 'settings',
        entityId: ORGANISATION_KEY,
        before: { logoUrl: before.logoUrl },
        after: { logoUrl },
        ipAddress: origin.ip,
      });
      return after;
    });
  }

  private async removeStored(url: string | null): Promise<void> {
    const name = fileNameFromUrl(url);
    if (name) await this.storage.remove(name).catch(() => {});
  }
}
