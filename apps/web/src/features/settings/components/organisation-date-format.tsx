import { dateFormats } from '@inspecta/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getDayFormat, setDayFormat } from '@/lib/dates';
import { storage, storageKeys } from '@/lib/storage';
import { useOrganisationForArea } from '../api/organisation';

/**
 * Makes the organisation's date format (Settings -> Organisation) the format of every date shown
 * and every date field (`lib/dates.ts`, `components/ui/date-field.tsx`). Rendered once, before the
 * page, so a page rendered after the settings arrived already uses it; the last format is kept on
 * the device so the next visit starts with it.
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
  const format = dateFormats.find((known) => known === answered);
  // Recorded during the render so the page below renders with it; fields are told after.
  if (format && format !== getDayFormat()) setDayFormat(format, false);
  useEffect(() => {
    if (!format) return;
    setDayFormat(format);
    storage.set(storageKeys.dateFormat, format);
  }, [format]);
  return null;
}
