import {
  type GlobalSearchGroup,
  type GlobalSearchKind,
  type GlobalSearchMatch,
  type GlobalSearchQueryValues,
  type GlobalSearchResponse,
  globalSearchKinds,
  stockStateOf,
} from '@inspecta/contract';
import { withFields } from '../../core/with-fields.js';
import type { Database } from '../../db/database.js';
import { GlobalSearchRepository, type RankedIds, searchTermOf } from './global-search.repository.js';

const fullName = (first: string, last: string) => `${first} ${last}`.trim();
const MATCH_ORDER: Record<GlobalSearchMatch, number> = { exact: 0, prefix: 1, contains: 2 };
const matchOf = (ranked: RankedIds, id: number): GlobalSearchMatch =>
  ranked.ids.find((r) => r.id === id)?.match ?? 'contains';

/**
 * Global search (docs/search.md): each kind is searched with its own list's condition, in
 * parallel; the groups come back best match first.
 */
export class GlobalSearchService {
  private readonly repo: GlobalSearchRepository;

  constructor(db: Database) {
    this.repo = new GlobalSearchRepository(db);
  }

  async search(query: GlobalSearchQueryValues): Promise<GlobalSearchResponse> {
    const term = searchTermOf(query.search);
    const limit = query.limit_per_group;
    const [sites, equipment, users, assignments, inspections, products] = await Promise.all([
      this.sitesGroup(term, limit),
      this.equipmentGroup(term, limit),
      this.usersGroup(term, limit),
      this.assignmentsGroup(term.id),
      this.inspectionsGroup(term.id),
      this.productsGroup(term, limit),
    ]);
    const groups = orderGroups([sites, equipment, users, assignments, inspections, products]);
    const first = groups[0]?.items[0];
    return {
      search: query.search,
      groups,
      bestMatch: first && first.match === 'exact' ? { kind: groups[0]!.kind, id: first.id } : null,
    };
  }

  private async sitesGroup(term: ReturnType<typeof searchTermOf>, limit: number): Promise<GlobalSearchGroup> {
    const ranked = await this.repo.rankSites(term, limit);
    const rows = await this.repo.sitesByIds(ranked.ids.map((r) => r.id));
    return {
      kind: 'sites',
      total: ranked.total,
      totalCapped: ranked.totalCapped,
      items: rows.map((row) => ({
        id: row.id,
        siteCode: row.siteCode,
        name: row.name,
        city: row.city,
        status: row.status,
        clientName:
          row.clientCompany ??
          (row.clientFirstName !== null ? fullName(row.clientFirstName, row.clientLastName ?? '') : null),
        match: matchOf(ranked, row.id),
      })),
    };
  }

  private async equipmentGroup(
    term: ReturnType<typeof searchTermOf>,
    limit: number,
  ): Promise<GlobalSearchGroup> {
    const ranked = await this.repo.rankEquipment(term, limit);
    const rows = await this.repo.equipmentByIds(ranked.ids.map((r) => r.id));
    return {
      kind: 'equipment',
      total: ranked.total,
      totalCapped: ranked.totalCapped,
      items: rows.map((row) => withFields(row, { match: matchOf(ranked, row.id) })),
    };
  }

  private async usersGroup(term: ReturnType<typeof searchTermOf>, limit: number): Promise<GlobalSearchGroup> {
    const ranked = await this.repo.rankUsers(term, limit);
    const rows = await this.repo.usersByIds(ranked.ids.map((r) => r.id));
    return {
      kind: 'users',
      total: ranked.total,
      totalCapped: ranked.totalCapped,
      items: rows.map(({ firstName, lastName, ...row }) =>
        withFields(row, { name: fullName(firstName, lastName), match: matchOf(ranked, row.id) }),
      ),
    };
  }

  private async productsGroup(
    term: ReturnType<typeof searchTermOf>,
    limit: number,
  ): Promise<GlobalSearchGroup> {
    const ranked = await this.repo.rankProducts(term, limit);
    const rows = await this.repo.productsByIds(ranked.ids.map((r) => r.id));
    return {
      kind: 'products',
      total: ranked.total,
      totalCapped: ranked.totalCapped,
      items: rows.map(({ onHand, reserved, reorderLevel, ...row }) =>
        withFields(row, {
          available: onHand - reserved,
          stockState: stockStateOf(onHand - reserved, reorderLevel),
          match: matchOf(ranked, row.id),
        }),
      ),
    };
  }

  private async assignmentsGroup(id: number | null): Promise<GlobalSearchGroup> {
    const rows = id === null ? [] : await this.repo.assignmentById(id);
    return {
      kind: 'assignments',
      total: rows.length,
      totalCapped: false,
      items: rows.map(({ inspectorFirstName, inspectorLastName, ...row }) =>
        withFields(row, {
          inspectorName: fullName(inspectorFirstName, inspectorLastName),
          match: 'exact' as const,
        }),
      ),
    };
  }

  private async inspectionsGroup(id: number | null): Promise<GlobalSearchGroup> {
    const rows = id === null ? [] : await this.repo.completedInspectionById(id);
    const items = rows.flatMap(({ inspectorFirstName, inspectorLastName, result, completedAt, ...row }) =>
      // Completed inspections always carry both; the filter in the query guarantees it.
      result && completedAt
        ? [
            withFields(row, {
              result,
              completedAt: completedAt.toISOString(),
              inspectorName: fullName(inspectorFirstName, inspectorLastName),
              match: 'exact' as const,
            }),
          ]
        : [],
    );
    return { kind: 'inspections', total: items.length, totalCapped: false, items };
  }
}

/**
 * Groups whose best item matches more closely come first (an exact id or SiteId no. leads the
 * page); equal groups keep the kinds' fixed order (sites first); empty groups go last.
 */
export function orderGroups(groups: GlobalSearchGroup[]): GlobalSearchGroup[] {
  const kindOrder = (kind: GlobalSearchKind) => globalSearchKinds.indexOf(kind);
  const closeness = (group: GlobalSearchGroup) => {
    const first = group.items[0];
    return first ? MATCH_ORDER[first.match] : 3;
  };
  return [...groups].sort((a, b) => closeness(a) - closeness(b) || kindOrder(a.kind) - kindOrder(b.kind));
}
