import { downloadExport, type ExportOptions } from '@/lib/download';
import type { UserListParams } from '../lib/list-params';

/**
 * GET /api/admin/userlist/export?format=xlsx|csv with the list's filters (paging aside), as a download;
 * with `ids`, only those of them (the selected rows).
 */
export function exportUsers(
  format: 'xlsx' | 'csv',
  params: UserListParams,
  options?: ExportOptions,
  ids?: number[],
) {
  return downloadExport(
    '/admin/userlist/export',
    format,
    {
      user_type: params.type === 'all' ? undefined : params.type,
      status: params.status ?? undefined,
      search: params.search || undefined,
      ids: ids?.join(','),
    },
    'users',
    options,
  );
}
