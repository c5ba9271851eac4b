import type {
  ActivityActionsResponse,
  ActivityEvent,
  ActivityListQueryValues,
  ActivityListResponse,
  UserType,
} from '@inspecta/contract';
import { auditChanges } from '../../core/audit-changes.js';
import { describeActivity } from '../../core/audit-wording.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import type { Database } from '../../db/database.js';
import { type ActivityRecord, ActivityRepository } from './activity.repository.js';

interface Viewer {
  userId: number;
  userType: UserType;
}

/** The audit trail is for administrators only: it names every person, address and change. */
function requireAdmin(viewer: Viewer): void {
  if (viewer.userType !== 'admin') throw AppError.forbidden('Only administrators can read the activity log');
}

/**
 * The activity log (docs/activity-log.md): audit events newest first, filtered, each worded like
 * the home page's recent activity (core/audit-wording.ts) and with its field-by-field difference
 * (core/audit-changes.ts, which never shows a secret).
 */
export class ActivityService {
  private readonly repo: ActivityRepository;

  constructor(db: Database) {
    this.repo = new ActivityRepository(db);
  }

  async list(viewer: Viewer, query: ActivityListQueryValues): Promise<ActivityListResponse> {
    requireAdmin(viewer);
    const { rows, total, capped } = await this.repo.list(query);
    const names = await this.repo.entityNames(
      rows.flatMap((r) => (r.entityId ? [{ entityType: r.entityType, entityId: r.entityId }] : [])),
    );
    return {
      events: rows.map((row) => toActivityEvent(row, names)),
      pagination: paginationOf(query, total, capped),
    };
  }

  async actions(viewer: Viewer): Promise<ActivityActionsResponse> {
    requireAdmin(viewer);
    return { actions: await this.repo.actions() };
  }
}

function toActivityEvent(row: ActivityRecord, names: Map<string, string>): ActivityEvent {
  const line = describeActivity(row, names);
  return {
    id: row.id,
    at: line.at,
    actor: line.actor,
    action: row.action,
    verb: line.verb,
    entityType: row.entityType,
    entityId: row.entityId,
    object: line.object,
    link: line.link,
    ipAddress: row.ipAddress,
    changes: auditChanges(row.before, row.after),
  };
}
