import type {
  CreateSavedViewBody,
  SavedView,
  SavedViewListQuery,
  SavedViewListResponse,
  SavedViewMutationResponse,
  UpdateSavedViewBody,
} from '@inspecta/contract';
import {
  createSavedViewBodySchema,
  SAVED_VIEWS_PER_LIST_MAX,
  savedViewListQuerySchema,
  savedViewStateIssues,
  savedViewStateSchema,
  updateSavedViewBodySchema,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import {
  type SavedViewRow,
  SavedViewsRepository,
  type SavedViewWithOwner,
} from './saved-views.repository.js';

const UNIQUE_NAME = 'saved_views_owner_list_name_unique';
const NAME_TAKEN = 'You already have a view of this list with this name';

function toSavedView(row: SavedViewWithOwner, callerId: number): SavedView {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    // Stored states were checked when saved; one from an older shape falls back field by field.
    state: savedViewStateSchema.catch({ filters: {}, sort: null, hiddenColumns: [] }).parse(row.state),
    shared: row.shared,
    mine: row.ownerId === callerId,
    owner: { id: row.ownerId, name: row.ownerName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditView(row: Pick<SavedViewRow, 'list' | 'name' | 'state' | 'shared'>) {
  return { list: row.list, name: row.name, state: row.state, shared: row.shared };
}

/**
 * Saved views: each administrator keeps their own per list and may share one with the other
 * administrators, who can apply it but not change it. Only the owner renames, updates, shares or
 * deletes a view; another administrator's unshared view does not exist for the caller (404).
 */
export class SavedViewsService {
  private readonly repo: SavedViewsRepository;

  constructor(private readonly db: Database) {
    this.repo = new SavedViewsRepository(db);
  }

  async list(auth: AuthContext, input: SavedViewListQuery): Promise<SavedViewListResponse> {
    const query = savedViewListQuerySchema.parse(input);
    const rows = await this.repo.listVisible(query.list, auth.userId);
    return { views: rows.map((row) => toSavedView(row, auth.userId)) };
  }

  private async read(auth: AuthContext, id: number): Promise<SavedView> {
    const row = await this.repo.findWithOwner(id);
    if (!row) throw AppError.notFound('Saved view');
    return toSavedView(row, auth.userId);
  }

  async create(
    auth: AuthContext,
    input: CreateSavedViewBody,
    origin: RequestOrigin,
  ): Promise<SavedViewMutationResponse> {
    const body = createSavedViewBodySchema.parse(input);
    try {
      const id = await this.db.transaction(async (tx) => {
        const repo = new SavedViewsRepository(tx);
        if ((await repo.countOwned(body.list, auth.userId)) >= SAVED_VIEWS_PER_LIST_MAX)
          throw AppError.conflict(
            'list',
            `You have ${SAVED_VIEWS_PER_LIST_MAX} views of this list already: delete one before saving another`,
          );
        const row = await repo.insert({
          list: body.list,
          name: body.name,
          state: body.state,
          ownerId: auth.userId,
          shared: body.shared,
        });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'saved_view.created',
          entityType: 'saved_view',
          entityId: row.id,
          after: auditView(row),
          ipAddress: origin.ip,
        });
        return row.id;
      });
      return { view: await this.read(auth, id), message: `View “${body.name}” saved` };
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_NAME)) throw AppError.conflict('name', NAME_TAKEN);
      throw error;
    }
  }

  /** The caller's own view, locked; another administrator's answers 403 when shared, else 404. */
  private async lockOwn(repo: SavedViewsRepository, auth: AuthContext, id: number): Promise<SavedViewRow> {
    const row = await repo.lockById(id);
    if (!row || (row.ownerId !== auth.userId && !row.shared)) throw AppError.notFound('Saved view');
    if (row.ownerId !== auth.userId)
      throw AppError.forbidden('Only the administrator who saved this view can change or delete it');
    return row;
  }

  async update(
    auth: AuthContext,
    id: number,
    input: UpdateSavedViewBody,
    origin: RequestOrigin,
  ): Promise<SavedViewMutationResponse> {
    const body = updateSavedViewBodySchema.parse(input);
    try {
      const message = await this.db.transaction(async (tx) => {
        const repo = new SavedViewsRepository(tx);
        const before = await this.lockOwn(repo, auth, id);
        if (body.state) {
          const issues = savedViewStateIssues(before.list, body.state);
          if (issues.length)
            throw AppError.validation(issues, `Check these fields: ${issues.map((i) => i.field).join(', ')}`);
        }
        const changes = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.state !== undefined ? { state: body.state } : {}),
          ...(body.shared !== undefined ? { shared: body.shared } : {}),
        };
        await repo.update(id, changes);
        const after = { ...before, ...changes };
        const action =
          body.shared !== undefined && body.shared !== before.shared
            ? body.shared
              ? 'saved_view.shared'
              : 'saved_view.unshared'
            : 'saved_view.updated';
        await recordAudit(tx, {
          actorId: auth.userId,
          action,
          entityType: 'saved_view',
          entityId: id,
          before: auditView(before),
          after: auditView(after),
          ipAddress: origin.ip,
        });
        if (action === 'saved_view.shared')
          return `View “${after.name}” shared with the other administrators`;
        if (action === 'saved_view.unshared') return `View “${after.name}” is yours only now`;
        return `View “${after.name}” saved`;
      });
      return { view: await this.read(auth, id), message };
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_NAME)) throw AppError.conflict('name', NAME_TAKEN);
      throw error;
    }
  }

  async delete(auth: AuthContext, id: number, origin: RequestOrigin): Promise<{ message: string }> {
    return this.db.transaction(async (tx) => {
      const repo = new SavedViewsRepository(tx);
      const before = await this.lockOwn(repo, auth, id);
      await repo.delete(id);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'saved_view.deleted',
        entityType: 'saved_view',
        entityId: id,
        before: auditView(before),
        ipAddress: origin.ip,
      });
      return { message: `View “${before.name}” deleted` };
    });
  }
}
