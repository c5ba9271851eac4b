import type { SiteListQuery } from '@inspecta/contract';
import { downloadExport, type ExportOptions } from '@/lib/download';

/**
 * GET /api/auth/get/all/sites/export?format=xlsx|csv with the register's filters, as a download; with
 * `ids`, only those of them (the selected rows).
 */
export function exportSites(
  format: 'xlsx' | 'csv',
  query: SiteListQuery,
  options?: ExportOptions,
  ids?: number[],
) {
  // Paging and sorting are the screen's; the export holds every matching site.
  const { page: _page, limit: _limit, sort: _sort, ...filters } = query;
  return downloadExport(
    '/auth/get/all/sites/export',
    format,
    { ...filters, ids: ids?.join(',') },
    'sites',
    options,
  );
}
