import { downloadExport, type ExportOptions } from '@/lib/download';
import type { UserListParams } from '../lib/list-params';

/** GET /api/admin/userlist/export?format=xlsx|csv with the list's filters (paging aside), as a download. */
export function exportUsers(format: 'xlsx' | 'csv', params: UserListParams, options?: ExportOptions) {
  return downloadExport(
    '/admin/userlist/export',
    format,
    {
      user_type: params.type === 'all' ? undefined : params.type,
      status: params.status ?? undefined,
      search: params.search || undefined,
    },
    'users',
    options,
  );
}
