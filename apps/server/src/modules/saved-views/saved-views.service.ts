import type {
  CreateSavedViewBody,
  SavedView,
  SavedViewDefaultParams,
  SavedViewDefaultResponse,
  SavedViewListQuery,
  SavedViewListResponse,
  SavedViewMutationResponse,
  SetSavedViewDefaultBody,
  UpdateSavedViewBody,
} from '@inspecta/contract';
import {
  createSavedViewBodySchema,
  SAVED_VIEWS_PER_LIST_MAX,
  savedViewDefaultParamsSchema,
  savedViewListQuerySchema,
  savedViewLists,
  savedViewStateIssues,
  savedViewStateSchema,
  setSavedViewDefaultBodySchema,
  updateSavedViewBodySchema,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit, recordAudits } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { sentFields, withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
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
    state: savedViewStateSchema
      .catch({ filters: {}, sort: null, hiddenColumns: [], columnOrder: [] })
      .parse(row.state),
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
    const [rows, defaultId] = await Promise.all([
      this.repo.listVisible(query.list, auth.userId),
      this.repo.findDefault(query.list, auth.userId),
    ]);
    // A default the caller no longer sees (its owner left the administrators) is not offered.
    const defaultViewId = rows.some((row) => row.id === defaultId) ? defaultId : null;
    return { views: rows.map((row) => toSavedView(row, auth.userId)), defaultViewId };
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
        const changes = sentFields(body, ['name', 'state', 'shared']);
        await repo.update(id, changes);
        const after = withFields(before, changes);
        // The other administrators no longer see it, so it stops being their default.
        if (before.shared && after.shared === false)
          await this.auditDefaultsCleared(
            tx,
            auth,
            before,
            await repo.clearDefaultsOfView(id, auth.userId),
            origin,
          );
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
      await this.auditDefaultsCleared(tx, auth, before, await repo.clearDefaultsOfView(id), origin);
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

  /** One `saved_view.default_cleared` per administrator whose default the view was. */
  private async auditDefaultsCleared(
    tx: Executor,
    auth: AuthContext,
    view: SavedViewRow,
    userIds: number[],
    origin: RequestOrigin,
  ): Promise<void> {
    await recordAudits(
      tx,
      userIds.map((userId) => ({
        actorId: auth.userId,
        action: 'saved_view.default_cleared',
        entityType: 'saved_view',
        entityId: view.id,
        before: { list: view.list, viewId: view.id, userId },
        after: { list: view.list, viewId: null, userId },
        ipAddress: origin.ip,
      })),
    );
  }

  /**
   * Makes one of the views the caller sees (their own or a shared one) their default of its list. A
   * view they cannot see answers 404, one of another list 400 on `viewId`.
   */
  async setDefault(
    auth: AuthContext,
    params: SavedViewDefaultParams,
    input: SetSavedViewDefaultBody,
    origin: RequestOrigin,
  ): Promise<SavedViewDefaultResponse> {
    const { list } = savedViewDefaultParamsSchema.parse(params);
    const { viewId } = setSavedViewDefaultBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const repo = new SavedViewsRepository(tx);
      const view = await repo.findVisible(viewId, auth.userId);
      if (!view) throw AppError.notFound('Saved view');
      if (view.list !== list)
        throw AppError.validation(
          [{ field: 'viewId', message: `This view is of the ${savedViewLists[view.list].label} list` }],
          `This view is of the ${savedViewLists[view.list].label} list`,
        );
      const previous = await repo.findDefault(list, auth.userId);
      const message = `“${view.name}” opens with the ${savedViewLists[list].label} list now`;
      if (previous === viewId) return { defaultViewId: viewId, message };
      await repo.setDefault(list, auth.userId, viewId);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'saved_view.default_set',
        entityType: 'saved_view',
        entityId: viewId,
        before: { list, viewId: previous, userId: auth.userId },
        after: { list, viewId, userId: auth.userId },
        ipAddress: origin.ip,
      });
      return { defaultViewId: viewId, message };
    });
  }

  /** The list opens as it is again (no default view); nothing to clear is no change. */
  async clearDefault(
    auth: AuthContext,
    params: SavedViewDefaultParams,
    origin: RequestOrigin,
  ): Promise<SavedViewDefaultResponse> {
    const { list } = savedViewDefaultParamsSchema.parse(params);
    return this.db.transaction(async (tx) => {
      const previous = await new SavedViewsRepository(tx).clearDefault(list, auth.userId);
      if (previous !== null)
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'saved_view.default_cleared',
          entityType: 'saved_view',
          entityId: previous,
          before: { list, viewId: previous, userId: auth.userId },
          after: { list, viewId: null, userId: auth.userId },
          ipAddress: origin.ip,
        });
      return {
        defaultViewId: null,
        message: `The ${savedViewLists[list].label} list opens without a view now`,
      };
    });
  }
}
