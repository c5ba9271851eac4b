import { downloadExport, type ExportOptions } from '@/lib/download';
import type { CorrectiveActionListParams } from './get-corrective-actions';

/** GET /api/corrective-actions/export?format=xlsx|csv with the list's filters, as a download. */
export function exportCorrectiveActions(
  format: 'xlsx' | 'csv',
  params: CorrectiveActionListParams,
  options?: ExportOptions,
) {
  // Paging and sorting are the screen's; the export holds every matching action.
  const { page: _page, limit: _limit, sort: _sort, ...filters } = params;
  return downloadExport('/corrective-actions/export', format, { ...filters }, 'corrective-actions', options);
}
