import type { OrganisationSettingsResponse } from '@inspecta/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api, inspectorApi, portalApi } from '@/lib/api-client';
import { getDayFormat, isDayFormat, setDayFormat } from '@/lib/dates';
import { storage, storageKeys } from '@/lib/storage';

type Area = 'dashboard' | 'inspector' | 'portal';

/**
 * GET /api/settings/organisation with the session of the app that is open. The dashboard's key is
 * the settings feature's (`settingsKeys.organisation`), so saving Settings updates it at once. Asked
 * here rather than through the settings feature's index, which would bring the settings screens
 * into every first screen's JavaScript (docs/performance.md).
 */
function useOrganisationForArea(area: Area) {
  const client = area === 'inspector' ? inspectorApi : area === 'portal' ? portalApi : api;
  const token =
    area === 'inspector'
      ? storage.getInspectorToken()
      : area === 'portal'
        ? storage.getPortalToken()
        : storage.getToken();
  return useQuery({
    queryKey: area === 'dashboard' ? ['settings', 'organisation'] : ['settings', 'organisation', area],
    queryFn: ({ signal }) => client.get<OrganisationSettingsResponse>('/settings/organisation', { signal }),
    staleTime: 5 * 60_000,
    enabled: token !== null,
  });
}

/**
 * Makes the organisation's date format (Settings -> Organisation) the format of every date shown
 * and every date field (`lib/dates.ts`, `components/ui/date-field.tsx`). Rendered by the
 * dashboard's, the inspector app's and the portal's layouts before the page, so a page rendered
 * after the settings arrived already uses it (not by the root: the login page needs none of it);
 * the last format is kept on the device so the next visit starts with it.
 */
export function OrganisationDateFormat() {
  const { pathname } = useLocation();
  const area = pathname.startsWith('/inspector')
    ? 'inspector'
    : pathname.startsWith('/portal')
      ? 'portal'
      : 'dashboard';
  // Only one of the known formats is taken (an answer of another shape leaves the current one).
  const answered: unknown = useOrganisationForArea(area).data?.organisation?.dateFormat;
  const format = isDayFormat(answered) ? answered : undefined;
  // Recorded during the render so the page below renders with it; fields are told after.
  if (format && format !== getDayFormat()) setDayFormat(format, false);
  useEffect(() => {
    if (!format) return;
    setDayFormat(format);
    storage.set(storageKeys.dateFormat, format);
  }, [format]);
  return null;
}
