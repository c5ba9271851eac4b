import {
  type CreateTemplateBody,
  createTemplateBodySchema,
  type DuplicateTemplateBody,
  duplicateTemplateBodySchema,
  type FieldError,
  type PersonRef,
  type PublishTemplateBody,
  publishTemplateBodySchema,
  type SaveTemplateDraftBody,
  saveTemplateDraftBodySchema,
  type TemplateContent,
  type TemplateDetail,
  type TemplateExportQuery,
  type TemplateListQuery,
  type TemplateListResponse,
  type TemplateMutationResponse,
  type TemplateSummary,
  type TemplateVersion,
  type TemplateVersionSummary,
  templateContentSchema,
  templateListQuerySchema,
  type UpdateTemplateBody,
  updateTemplateBodySchema,
  utcDateOf,
  validateTemplateForPublish,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { type Clock, systemClock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { keysetBatches, mapBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Transaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import {
  type EquipmentTypeLink,
  type TemplateExportRow,
  type TemplateListRow,
  type TemplateRow,
  TemplatesRepository,
  type TemplateVersionRow,
} from './templates.repository.js';

const NAME_TAKEN = 'A template with this name already exists';
const NAME_CONSTRAINT = 'templates_name_unique';

/** A new template starts with one empty section, so the builder opens ready for the first item. */
const STARTER_CONTENT: TemplateContent = { sections: [{ key: 'general', title: 'General', items: [] }] };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function toSummary(row: TemplateListRow, links: EquipmentTypeLink[]): TemplateSummary {
  const t = row.template;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    status: t.status,
    category: row.category,
    equipmentTypes: links
      .filter((l) => l.templateId === t.id)
      .map((l) => ({
        id: l.id,
        name: l.name,
        category: l.category,
        isDefault: l.defaultTemplateId === t.id,
      })),
    publishedVersion: t.publishedVersion,
    draftVersion: row.draftVersion,
    latestVersion: row.latestVersion,
    sectionCount: row.sectionCount,
    itemCount: row.itemCount,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

function person(names: Map<number, string>, id: number | null): PersonRef | null {
  if (id === null) return null;
  return { id, name: names.get(id) ?? 'Former user' };
}

function countContent(content: TemplateContent) {
  return {
    sectionCount: content.sections.length,
    itemCount: content.sections.reduce((n, s) => n + s.items.length, 0),
  };
}

function toVersion(row: TemplateVersionRow, names: Map<number, string>): TemplateVersion {
  const content = templateContentSchema.parse(row.content);
  return {
    templateId: row.templateId,
    version: row.version,
    status: row.status,
    changeNote: row.changeNote,
    revision: row.revision,
    ...countContent(content),
    createdAt: row.createdAt.toISOString(),
    createdBy: person(names, row.createdBy),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: person(names, row.updatedBy),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedBy: person(names, row.publishedBy),
    content,
  };
}

/** What an audit event keeps of a template's details. */
function detailsView(template: TemplateRow, equipmentTypeIds: number[], defaultIds: number[]) {
  return {
    name: template.name,
    description: template.description,
    categoryId: template.categoryId,
    status: template.status,
    equipmentTypeIds,
    defaultForEquipmentTypeIds: defaultIds,
  };
}

/**
 * Templates and their versions. A published version is never changed (the service only updates
 * rows that are drafts, and a database trigger refuses any change to a published row); editing a
 * published template saves a new draft version; at most one draft exists per template.
 */
export class TemplatesService {
  private readonly repo: TemplatesRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.repo = new TemplatesRepository(db);
  }

  /**
   * Starts an export of the filtered list (docs/exports.md): counts it, audits `template.exported`
   * with the filters, and answers the templates in keyset batches by id with their equipment types.
   */
  async startExport(
    auth: AuthContext,
    { format, ...filters }: TemplateExportQuery,
    ip: string,
  ): Promise<PreparedExport<TemplateExportRow>> {
    const filter = withFields(filters, { search: filters.search || undefined });
    const rowCount = await this.repo.count(filter);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'template',
      format,
      filters,
      rowCount,
    });
    const batches = keysetBatches(
      (afterId, size) => this.repo.batchAfter(filter, afterId, size),
      (r) => r.template.id,
    );
    return {
      rowCount,
      date: utcDateOf(this.clock.now()),
      batches: mapBatches(batches, async (batch) => {
        const links = await this.repo.equipmentTypesOf(batch.map((r) => r.template.id));
        return batch.map((row) =>
          withFields(row, {
            equipmentTypes: links.filter((l) => l.templateId === row.template.id).map((l) => l.name),
          }),
        );
      }),
    };
  }

  async list(input: TemplateListQuery): Promise<TemplateListResponse> {
    const query = templateListQuerySchema.parse(input);
    const { rows, total, capped } = await this.repo.list({
      search: query.search || undefined,
      categoryId: query.categoryId,
      status: query.status,
      equipmentTypeId: query.equipmentTypeId,
      sort: query.sort,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const links = await this.repo.equipmentTypesOf(rows.map((r) => r.template.id));
    return {
      templates: rows.map((row) => toSummary(row, links)),
      pagination: paginationOf(query, total, capped),
    };
  }

  async get(id: number, executor: Database | Transaction = this.db): Promise<TemplateDetail> {
    const repo = new TemplatesRepository(executor);
    const row = await repo.findSummary(id);
    if (!row) throw AppError.notFound('Template');
    const t = row.template;
    const links = await repo.equipmentTypesOf([id]);
    const current =
      (await repo.findDraft(id)) ??
      (t.publishedVersion ? await repo.findVersion(id, t.publishedVersion) : undefined);
    if (!current) throw new AppError('INTERNAL', 'This template has no version');
    const names = await repo.userNames([
      t.createdBy,
      current.createdBy,
      current.updatedBy,
      current.publishedBy,
    ]);
    return withFields(toSummary(row, links), {
      createdBy: person(names, t.createdBy),
      archivedAt: t.archivedAt?.toISOString() ?? null,
      current: toVersion(current, names),
    });
  }

  async listVersions(id: number): Promise<TemplateVersionSummary[]> {
    const template = await this.repo.findSummary(id);
    if (!template) throw AppError.notFound('Template');
    const rows = await this.repo.versions(id);
    const names = await this.repo.userNames(rows.flatMap((r) => [r.createdBy, r.updatedBy, r.publishedBy]));
    return rows.map((r) => ({
      version: r.version,
      status: r.status,
      changeNote: r.changeNote,
      revision: r.revision,
      sectionCount: r.sectionCount,
      itemCount: r.itemCount,
      createdAt: r.createdAt.toISOString(),
      createdBy: person(names, r.createdBy),
      updatedAt: r.updatedAt.toISOString(),
      updatedBy: person(names, r.updatedBy),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      publishedBy: person(names, r.publishedBy),
    }));
  }

  async getVersion(id: number, version: number): Promise<TemplateVersion> {
    const row = await this.repo.findVersion(id, version);
    if (!row) {
      if (!(await this.repo.findSummary(id))) throw AppError.notFound('Template');
      throw AppError.notFound(`Version ${version} of this template`);
    }
    const names = await this.repo.userNames([row.createdBy, row.updatedBy, row.publishedBy]);
    return toVersion(row, names);
  }

  async create(
    auth: AuthContext,
    input: CreateTemplateBody,
    origin: RequestOrigin,
  ): Promise<TemplateMutationResponse> {
    const body = createTemplateBodySchema.parse(input);
    return this.withNameConflict(() =>
      this.db.transaction(async (tx) => {
        const repo = new TemplatesRepository(tx);
        await this.checkReferences(repo, body.categoryId ?? null, null, body.equipmentTypeIds);
        const template = await repo.insert({
          name: body.name,
          description: body.description ?? null,
          categoryId: body.categoryId ?? null,
          status: 'draft',
          createdBy: auth.userId,
        });
        const content = body.content ?? STARTER_CONTENT;
        await repo.insertVersion({
          templateId: template.id,
          version: 1,
          status: 'draft',
          content,
          createdBy: auth.userId,
          updatedBy: auth.userId,
        });
        await repo.setEquipmentTypes(template.id, body.equipmentTypeIds, body.defaultForEquipmentTypeIds);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'template.created',
          entityType: 'template',
          entityId: template.id,
          after: withFields(detailsView(template, body.equipmentTypeIds, body.defaultForEquipmentTypeIds), {
            content,
          }),
          ipAddress: origin.ip,
        });
        return { template: await this.get(template.id, tx), message: 'Template created' };
      }),
    );
  }

  /** The template's details; its checklist is changed through drafts. */
  async update(
    auth: AuthContext,
    id: number,
    input: UpdateTemplateBody,
    origin: RequestOrigin,
  ): Promise<TemplateMutationResponse> {
    const body = updateTemplateBodySchema.parse(input);
    return this.withNameConflict(() =>
      this.db.transaction(async (tx) => {
        const repo = new TemplatesRepository(tx);
        const before = await this.lockEditable(repo, id);
        const beforeLinks = await repo.equipmentTypesOf([id]);
        const categoryId = body.categoryId === undefined ? before.categoryId : body.categoryId;
        await this.checkReferences(repo, categoryId, before.categoryId, body.equipmentTypeIds);
        const changes = {
          name: body.name,
          description: body.description === undefined ? before.description : body.description,
          categoryId,
        };
        await repo.update(id, changes);
        await repo.setEquipmentTypes(id, body.equipmentTypeIds, body.defaultForEquipmentTypeIds);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'template.updated',
          entityType: 'template',
          entityId: id,
          before: detailsView(
            before,
            beforeLinks.map((l) => l.id),
            beforeLinks.filter((l) => l.defaultTemplateId === id).map((l) => l.id),
          ),
          after: detailsView(
            withFields(before, changes),
            body.equipmentTypeIds,
            body.defaultForEquipmentTypeIds,
          ),
          ipAddress: origin.ip,
        });
        return { template: await this.get(id, tx), message: 'Template details saved' };
      }),
    );
  }

  /**
   * Saves the checklist as the draft. With a draft open it is updated (when `revision` matches);
   * on a published template without one, a new draft version (latest + 1) is started.
   */
  async saveDraft(
    auth: AuthContext,
    id: number,
    input: SaveTemplateDraftBody,
    origin: RequestOrigin,
  ): Promise<{ template: TemplateDetail; message: string }> {
    const body = saveTemplateDraftBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const repo = new TemplatesRepository(tx);
      await this.lockEditable(repo, id);
      const draft = await repo.findDraft(id);
      let message: string;
      if (draft) {
        if (body.revision !== undefined && body.revision !== draft.revision) throw staleDraft();
        const saved = await repo.updateDraft(draft.id, draft.revision, body.content, auth.userId);
        if (!saved) throw staleDraft();
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'template.draft_saved',
          entityType: 'template',
          entityId: id,
          before: { version: draft.version, revision: draft.revision, content: draft.content },
          after: { version: saved.version, revision: saved.revision, content: saved.content },
          ipAddress: origin.ip,
        });
        message = `Draft of version ${saved.version} saved`;
      } else {
        if (body.revision !== undefined && body.revision !== 0) throw staleDraft();
        const version = (await repo.latestVersionNumber(id)) + 1;
        await repo.insertVersion({
          templateId: id,
          version,
          status: 'draft',
          content: body.content,
          revision: 1,
          createdBy: auth.userId,
          updatedBy: auth.userId,
        });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'template.draft_started',
          entityType: 'template',
          entityId: id,
          after: { version, content: body.content },
          ipAddress: origin.ip,
        });
        message = `Version ${version} started as a draft`;
      }
      await repo.update(id, {});
      return { template: await this.get(id, tx), message };
    });
  }

  /** Throws away the draft of a published template; the published version stays in use. */
  async discardDraft(
    auth: AuthContext,
    id: number,
    origin: RequestOrigin,
  ): Promise<TemplateMutationResponse> {
    return this.db.transaction(async (tx) => {
      const repo = new TemplatesRepository(tx);
      const template = await this.lockEditable(repo, id);
      const draft = await repo.findDraft(id);
      if (!draft) throw new AppError('CONFLICT', 'This template has no draft to discard');
      if (template.publishedVersion === null) {
        throw new AppError(
          'CONFLICT',
          'This draft is the only version of a template that was never published. Archive the template instead.',
        );
      }
      await repo.deleteDraft(draft.id);
      await repo.update(id, {});
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'template.draft_discarded',
        entityType: 'template',
        entityId: id,
        before: { version: draft.version, content: draft.content },
        ipAddress: origin.ip,
      });
      return { template: await this.get(id, tx), message: 'Draft discarded' };
    });
  }

  /** Publishes the draft after checking every publishing rule; each problem is named in `details`. */
  async publish(
    auth: AuthContext,
    id: number,
    input: PublishTemplateBody,
    origin: RequestOrigin,
  ): Promise<{ template: TemplateDetail; message: string }> {
    const body = publishTemplateBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const repo = new TemplatesRepository(tx);
      const template = await this.lockEditable(repo, id);
      const draft = await repo.findDraft(id);
      if (!draft) {
        throw new AppError(
          'CONFLICT',
          `Version ${template.publishedVersion} is already published and there is no draft to publish`,
        );
      }
      if (body.revision !== undefined && body.revision !== draft.revision) throw staleDraft();
      const problems: FieldError[] = validateTemplateForPublish(templateContentSchema.parse(draft.content));
      if (problems.length) {
        throw AppError.validation(
          problems,
          `This template cannot be published yet: fix ${plural(problems.length, 'problem')} first`,
        );
      }
      const publishedRow = await repo.publishDraft(
        draft.id,
        draft.revision,
        auth.userId,
        body.changeNote ?? null,
      );
      if (!publishedRow) throw staleDraft();
      await repo.update(id, { status: 'published', publishedVersion: publishedRow.version });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'template.published',
        entityType: 'template',
        entityId: id,
        before: { status: template.status, publishedVersion: template.publishedVersion },
        after: {
          status: 'published',
          publishedVersion: publishedRow.version,
          changeNote: publishedRow.changeNote,
        },
        ipAddress: origin.ip,
      });
      return { template: await this.get(id, tx), message: `Version ${publishedRow.version} published` };
    });
  }

  /** A new draft template with a copy of the checklist being worked on (the draft, else the published one). */
  async duplicate(
    auth: AuthContext,
    id: number,
    input: DuplicateTemplateBody,
    origin: RequestOrigin,
  ): Promise<TemplateMutationResponse> {
    const body = duplicateTemplateBodySchema.parse(input);
    return this.withNameConflict(() =>
      this.db.transaction(async (tx) => {
        const repo = new TemplatesRepository(tx);
        const source = await repo.lock(id);
        if (!source) throw AppError.notFound('Template');
        const sourceVersion =
          (await repo.findDraft(id)) ??
          (source.publishedVersion ? await repo.findVersion(id, source.publishedVersion) : undefined);
        if (!sourceVersion) throw new AppError('INTERNAL', 'This template has no version');
        const name = body.name ?? (await this.copyName(repo, source.name));
        const links = await repo.equipmentTypesOf([id]);
        const copy = await repo.insert({
          name,
          description: source.description,
          categoryId: source.categoryId,
          status: 'draft',
          createdBy: auth.userId,
        });
        await repo.insertVersion({
          templateId: copy.id,
          version: 1,
          status: 'draft',
          content: sourceVersion.content,
          createdBy: auth.userId,
          updatedBy: auth.userId,
        });
        const typeIds = links.map((l) => l.id);
        await repo.setEquipmentTypes(copy.id, typeIds, []);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'template.duplicated',
          entityType: 'template',
          entityId: copy.id,
          after: withFields(detailsView(copy, typeIds, []), {
            sourceTemplateId: id,
            sourceVersion: sourceVersion.version,
            content: sourceVersion.content,
          }),
          ipAddress: origin.ip,
        });
        const template = await this.get(copy.id, tx);
        return { template, message: `Copied as “${template.name}”` };
      }),
    );
  }

  /** Archived templates are kept (inspections refer to them) but no longer offered or edited. */
  async archive(auth: AuthContext, id: number, origin: RequestOrigin): Promise<TemplateMutationResponse> {
    return this.db.transaction(async (tx) => {
      const repo = new TemplatesRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw AppError.notFound('Template');
      if (before.status === 'archived') throw new AppError('CONFLICT', 'This template is already archived');
      await repo.update(id, { status: 'archived', archivedAt: new Date() });
      const clearedDefaults = await repo.clearDefaults(id);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'template.archived',
        entityType: 'template',
        entityId: id,
        before: { status: before.status, defaultForEquipmentTypeIds: clearedDefaults },
        after: { status: 'archived', defaultForEquipmentTypeIds: [] },
        ipAddress: origin.ip,
      });
      return { template: await this.get(id, tx), message: 'Template archived' };
    });
  }

  async restore(auth: AuthContext, id: number, origin: RequestOrigin): Promise<TemplateMutationResponse> {
    return this.db.transaction(async (tx) => {
      const repo = new TemplatesRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw AppError.notFound('Template');
      if (before.status !== 'archived')
        throw new AppError('CONFLICT', 'Only an archived template can be restored');
      const status = before.publishedVersion === null ? 'draft' : 'published';
      await repo.update(id, { status, archivedAt: null });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'template.restored',
        entityType: 'template',
        entityId: id,
        before: { status: before.status },
        after: { status },
        ipAddress: origin.ip,
      });
      return { template: await this.get(id, tx), message: 'Template restored' };
    });
  }

  // -------------------------------------------------------------------------------------------

  private async lockEditable(repo: TemplatesRepository, id: number): Promise<TemplateRow> {
    const template = await repo.lock(id);
    if (!template) throw AppError.notFound('Template');
    if (template.status === 'archived') {
      throw new AppError('CONFLICT', 'This template is archived. Restore it before changing it.');
    }
    return template;
  }

  /** The category must exist (and be active when newly chosen); every equipment type must exist. */
  private async checkReferences(
    repo: TemplatesRepository,
    categoryId: number | null,
    previousCategoryId: number | null,
    equipmentTypeIds: number[],
  ): Promise<void> {
    const problems: FieldError[] = [];
    if (categoryId !== null) {
      const category = await repo.findCategory(categoryId);
      if (!category)
        problems.push({ field: 'categoryId', message: 'This inspection category does not exist' });
      else if (!category.active && categoryId !== previousCategoryId)
        problems.push({ field: 'categoryId', message: `The category “${category.name}” is inactive` });
    }
    const found = new Set(await repo.existingEquipmentTypeIds(equipmentTypeIds));
    const missing = equipmentTypeIds.filter((typeId) => !found.has(typeId));
    if (missing.length) {
      problems.push({
        field: 'equipmentTypeIds',
        message: `${missing.length === 1 ? 'Equipment type' : 'Equipment types'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`,
      });
    }
    if (problems.length) throw AppError.validation(problems);
  }

  private async copyName(repo: TemplatesRepository, name: string): Promise<string> {
    const base = `${name} (copy)`.slice(0, 112);
    const taken = new Set((await repo.namesLike(`${name} (copy`)).map((n) => n.toLowerCase()));
    if (!taken.has(base.toLowerCase())) return base;
    for (let n = 2; ; n++) {
      const candidate = `${name} (copy ${n})`.slice(0, 120);
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  }

  private async withNameConflict<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error, NAME_CONSTRAINT)) throw AppError.conflict('name', NAME_TAKEN);
      throw error;
    }
  }
}

function staleDraft(): AppError {
  return AppError.conflict(
    'revision',
    'Someone else saved this draft after you opened it. Reload the template to see their changes.',
  );
}
