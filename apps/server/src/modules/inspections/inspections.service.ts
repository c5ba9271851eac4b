import type {
  AnswerValue,
  InspectionDetail,
  InspectionExportQuery,
  InspectionHistoryQueryValues,
  InspectionHistoryResponse,
  InspectionSummary,
  ItemResult,
  TemplateContent,
  UnitResult,
} from '@inspecta/contract';
import { templateContentSchema, utcDateOf } from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import { type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database } from '../../db/database.js';
import type { StoredAnswers, StoredUnitResult } from './inspection-results.js';
import {
  type DetailRow,
  type HistoryFilter,
  InspectionsRepository,
  type SummaryRow,
} from './inspections.repository.js';

/** Search terms match at most this many sites / inspectors (more would be no filter at all). */
const SEARCH_SITE_LIMIT = 500;
const SEARCH_INSPECTOR_LIMIT = 200;

export type HistoryFilterQuery = Omit<InspectionHistoryQueryValues, 'page' | 'limit' | 'sort'>;

export function personName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

export function toSummary(row: SummaryRow): InspectionSummary {
  const i = row.inspection;
  return {
    id: i.id,
    assignmentId: i.assignmentId,
    result: i.result ?? 'pass',
    failedItems: i.failedItems,
    totalItems: i.totalItems,
    unitCount: i.unitCount,
    site: {
      id: row.site.id,
      name: row.site.name,
      siteCode: row.site.siteCode,
      city: row.site.city,
      clientName: row.client ? row.client.company || personName(row.client) : null,
    },
    inspector: { id: row.inspector.id, name: personName(row.inspector) },
    category: row.category,
    template: { id: row.template.id, name: row.template.name, version: i.templateVersion },
    startedAt: i.startedAt.toISOString(),
    completedAt: (i.completedAt ?? i.startedAt).toISOString(),
  };
}

/** The stored jsonb columns, read defensively: a malformed row shows what it can, never a 500. */
function storedAnswers(value: unknown): StoredAnswers {
  const v = (value ?? {}) as Partial<StoredAnswers>;
  return { units: Array.isArray(v.units) ? v.units : [], remarks: v.remarks ?? null };
}

function storedResults(value: unknown): StoredUnitResult[] {
  return Array.isArray(value) ? (value as StoredUnitResult[]) : [];
}

/** Completed inspections for administrators: the history list, the detail, and what reports read. */
export class InspectionsService {
  private readonly repo: InspectionsRepository;

  /** `actionIdsOf`: the corrective action of each failed `${equipmentId ?? 0}:${itemKey}` of an inspection. */
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly actionIdsOf: (inspectionId: number) => Promise<Map<string, number>> = async () =>
      new Map(),
  ) {
    this.repo = new InspectionsRepository(db);
  }

  /** The query's filters with its search resolved to site and inspector ids (small tables, first). */
  async resolveFilter(query: HistoryFilterQuery): Promise<HistoryFilter> {
    const filter: HistoryFilter = {
      siteId: query.site_id,
      inspectorId: query.inspector_id,
      categoryId: query.category_id,
      equipmentId: query.equipment_id,
      result: query.result,
      from: query.from,
      to: query.to,
    };
    const term = query.search?.trim();
    if (term) {
      const idMatch = /^#?(\d{1,9})$/.exec(term);
      const [matchedSites, matchedInspectors] = await Promise.all([
        this.repo.sitesMatching(term, SEARCH_SITE_LIMIT),
        this.repo.inspectorsMatching(term, SEARCH_INSPECTOR_LIMIT),
      ]);
      const ranked = (ids: Array<{ id: number; rank: number }>, rank: number) =>
        ids.filter((r) => r.rank === rank).map((r) => r.id);
      filter.search = {
        siteIds: matchedSites.ranked.map((r) => r.id),
        sitesBeyondIds: matchedSites.beyondIds,
        inspectorIds: matchedInspectors.map((r) => r.id),
        inspectionId: idMatch ? Number(idMatch[1]) : null,
        exactSiteIds: ranked(matchedSites.ranked, 0),
        prefixSiteIds: ranked(matchedSites.ranked, 1),
        prefixInspectorIds: ranked(matchedInspectors, 1),
      };
    }
    return filter;
  }

  async history(query: InspectionHistoryQueryValues): Promise<InspectionHistoryResponse> {
    const filter = await this.resolveFilter(query);
    const { rows, total, capped } = await this.repo.history(filter, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
      sort: query.sort,
    });
    return {
      data: rows.map(toSummary),
      pagination: paginationOf(query, total, capped),
    };
  }

  /** The filtered history in batches, newest first, read by keyset (exports of any size). */
  async *historyBatches(query: HistoryFilterQuery, batchSize = 1000): AsyncGenerator<InspectionSummary[]> {
    const filter = await this.resolveFilter(query);
    let after: { completedAt: Date; id: number } | null = null;
    for (;;) {
      const rows = await this.repo.historyBatchAfter(filter, after, batchSize);
      if (!rows.length) return;
      yield rows.map(toSummary);
      const last = rows[rows.length - 1]!.inspection;
      after = { completedAt: last.completedAt ?? last.startedAt, id: last.id };
      if (rows.length < batchSize) return;
    }
  }

  /**
   * Starts an export of the filtered history: counts the rows, audits `inspection.exported` with the
   * filters, and answers the rows to stream, newest first, read by keyset in batches.
   */
  async startExport(
    auth: AuthContext,
    { format, ...filters }: InspectionExportQuery,
    ip: string | null,
  ): Promise<PreparedExport<InspectionSummary>> {
    const rowCount = await this.repo.count(await this.resolveFilter(filters));
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'inspection',
      format,
      filters,
      rowCount,
    });
    return { rowCount, batches: this.historyBatches(filters), date: utcDateOf(this.clock.now()) };
  }

  async detail(id: number): Promise<InspectionDetail> {
    const row = await this.repo.findCompleted(id);
    if (!row) throw AppError.notFound('Inspection');
    return this.toDetail(row);
  }

  private async toDetail(row: DetailRow): Promise<InspectionDetail> {
    const content = templateContentSchema.safeParse(row.content);
    const answers = storedAnswers(row.answers);
    const results = storedResults(row.results);
    const answersByUnit = new Map(answers.units.map((u) => [u.equipmentId ?? null, u.answers ?? {}]));
    const ids = results.flatMap((r) => (r.equipmentId ? [r.equipmentId] : []));
    const found = new Map((await this.repo.unitsByIds(ids)).map((u) => [u.id, u]));
    const actionIds = await this.actionIdsOf(row.inspection.id);
    const units: UnitResult[] = results.map((r) => ({
      equipment:
        r.equipmentId === null
          ? null
          : (found.get(r.equipmentId) ?? {
              // The unit was deleted since; its results stay, under its old id.
              id: r.equipmentId,
              name: 'Removed unit',
              assetTag: `#${r.equipmentId}`,
              serialNumber: null,
              type: null,
            }),
      result: r.result,
      answers: (answersByUnit.get(r.equipmentId ?? null) ?? {}) as Record<string, AnswerValue>,
      items: ((r.items ?? []) as ItemResult[]).map((item) =>
        withFields(item, { actionId: actionIds.get(`${r.equipmentId ?? 0}:${item.key}`) ?? null }),
      ),
    }));
    units.sort((a, b) =>
      (a.equipment?.assetTag ?? '').localeCompare(b.equipment?.assetTag ?? '', 'en', { numeric: true }),
    );
    return withFields(toSummary(row), {
      remarks: row.inspection.remarks ?? answers.remarks,
      content: (content.success ? content.data : { sections: [] }) as TemplateContent,
      units,
      scheduledFor: row.scheduledFor,
      dueOn: row.dueOn,
    });
  }

  /** What the PDF report shows: the detail plus the site's address and the client. */
  async reportData(id: number) {
    const row = await this.repo.findCompleted(id);
    if (!row) throw AppError.notFound('Inspection');
    const detail = await this.toDetail(row);
    const address = [
      row.site.addressLine1,
      row.site.addressLine2,
      row.site.city,
      row.site.state,
      row.site.pincode,
    ]
      .filter((part) => part?.trim())
      .join(', ');
    return { detail, siteAddress: address || null, generatedAt: this.clock.now() };
  }
}
