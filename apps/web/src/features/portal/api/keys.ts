import type { PortalEquipmentQuery, PortalInspectionsQuery, PortalOverviewQuery } from '@inspecta/contract';
import { PORTAL_QUERY_KEY } from '@/lib/session';

/** Query keys of the client portal; all under 'portal', so its sign-out drops exactly these. */
/** The list queries' parameters as sent: any of the contract's query fields (the server fills defaults). */
export type PortalOverviewParams = Partial<PortalOverviewQuery>;
export type PortalEquipmentParams = Partial<PortalEquipmentQuery>;
export type PortalInspectionsParams = Partial<PortalInspectionsQuery>;

export const portalKeys = {
  all: [PORTAL_QUERY_KEY] as const,
  organisation: () => [PORTAL_QUERY_KEY, 'organisation'] as const,
  overview: (params: PortalOverviewParams) => [PORTAL_QUERY_KEY, 'overview', params] as const,
  site: (id: number) => [PORTAL_QUERY_KEY, 'site', id] as const,
  unit: (id: number) => [PORTAL_QUERY_KEY, 'unit', id] as const,
  equipment: (siteId: number, params: PortalEquipmentParams) =>
    [PORTAL_QUERY_KEY, 'site', siteId, 'equipment', params] as const,
  inspections: (params: PortalInspectionsParams) => [PORTAL_QUERY_KEY, 'inspections', params] as const,
  inspection: (id: number) => [PORTAL_QUERY_KEY, 'inspection', id] as const,
  notificationPreferences: () => [PORTAL_QUERY_KEY, 'notification-preferences'] as const,
};

/** 4xx answers (404: not the client's, or no such thing) are not worth asking again. */
export function retryServerErrors(count: number, error: Error): boolean {
  const status = (error as Error & { status?: number }).status ?? 0;
  return !(status >= 400 && status < 500) && count < 2;
}
