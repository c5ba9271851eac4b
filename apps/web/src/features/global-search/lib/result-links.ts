import type {
  AssignmentSearchHit,
  GlobalSearchGroup,
  GlobalSearchKind,
  InspectionSearchHit,
} from '@inspecta/contract';
import { inspectionPaths, paths, shopProductPath, sitePaths } from '@/config/paths';

/**
 * Where search results lead. The list screens read these URL parameters (each screen's own
 * list-params code): Site Management, Equipment Management and User Management `search`
 * (User Management shows every role without `type`); Equipment Management opens a unit's drawer with
 * `unit`, User Management a user's with `user`; Inspection Management `tab`, `site`, `status`, and its
 * history tab (completed inspections) `search`, which takes an inspection id.
 */

const withParams = (path: string, params: Record<string, string>) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;

export const siteLink = (id: number) => sitePaths.details(id);
export const equipmentLink = (id: number) => withParams(paths.equipmentManagement, { unit: String(id) });
export const userLink = (id: number) => withParams(paths.userManagement, { user: String(id) });
export const productLink = (id: number) => shopProductPath(id);
export const inspectionLink = (hit: Pick<InspectionSearchHit, 'id'>) => inspectionPaths.detail(hit.id);

/**
 * An assignment opens Inspection Management on the short list that holds it: open work at its site
 * with its status; completed work in the history of its site; cancelled work in the cancelled history.
 */
export function assignmentLink(hit: Pick<AssignmentSearchHit, 'status' | 'site'>): string {
  const site = String(hit.site.id);
  switch (hit.status) {
    case 'completed':
      return withParams(paths.inspectionManagement, { tab: 'history', site });
    case 'cancelled':
      return withParams(paths.inspectionManagement, { tab: 'history', status: 'cancelled', site });
    default:
      return withParams(paths.inspectionManagement, { site, status: hit.status });
  }
}

/** The list screen filtered by the same term: its total is the group's total. */
export function showAllLink(kind: GlobalSearchKind, term: string): string {
  switch (kind) {
    case 'sites':
      return withParams(paths.siteManagement, { search: term });
    case 'equipment':
      return withParams(paths.equipmentManagement, { search: term });
    case 'users':
      return withParams(paths.userManagement, { search: term });
    case 'inspections':
      return withParams(inspectionPaths.history, { search: term });
    case 'assignments':
      // Assignments are found by id only; the open work is where an administrator goes from there.
      return paths.inspectionManagement;
    case 'products':
      return withParams(paths.shopProducts, { search: term });
  }
}

/** Link of any item, by its group. */
export function itemLink(group: GlobalSearchGroup, index: number): string {
  switch (group.kind) {
    case 'sites':
      return siteLink(group.items[index]!.id);
    case 'equipment':
      return equipmentLink(group.items[index]!.id);
    case 'users':
      return userLink(group.items[index]!.id);
    case 'assignments':
      return assignmentLink(group.items[index]!);
    case 'inspections':
      return inspectionLink(group.items[index]!);
    case 'products':
      return productLink(group.items[index]!.id);
  }
}

export const KIND_LABELS: Record<GlobalSearchKind, { title: string; singular: string; plural: string }> = {
  sites: { title: 'Sites', singular: 'site', plural: 'sites' },
  equipment: { title: 'Equipment', singular: 'unit', plural: 'units' },
  users: { title: 'Users', singular: 'user', plural: 'users' },
  assignments: { title: 'Assignments', singular: 'assignment', plural: 'assignments' },
  inspections: { title: 'Inspections', singular: 'inspection', plural: 'inspections' },
  products: { title: 'Products', singular: 'product', plural: 'products' },
};

/** "7", or "1000+" when the server stopped counting. */
export function formatTotal(group: Pick<GlobalSearchGroup, 'total' | 'totalCapped'>): string {
  return group.totalCapped ? `${group.total.toLocaleString('en-IN')}+` : group.total.toLocaleString('en-IN');
}
