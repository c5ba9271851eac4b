import { downloadExport, type ExportOptions } from '@/lib/download';
import type { AssignmentListParams } from './get-assignments';

/**
 * GET /api/auth/get/active/assignments/export?format=xlsx|csv with the tab's filters, as a download;
 * with `ids`, only those of them (the selected rows).
 */
export function exportAssignments(
  format: 'xlsx' | 'csv',
  params: AssignmentListParams,
  options?: ExportOptions,
  ids?: number[],
) {
  // Paging and sorting are the screen's; the export holds every matching assignment.
  const { page: _page, limit: _limit, sort: _sort, ...filters } = params;
  return downloadExport(
    '/auth/get/active/assignments/export',
    format,
    { ...filters, ids: ids?.join(',') },
    'assignments',
    options,
  );
}
