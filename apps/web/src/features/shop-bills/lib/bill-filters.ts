import {
  type BillKind,
  type BillStatus,
  billKindSchema,
  type billSortFields,
  billStatusSchema,
} from '@inspecta/contract';
import { monthOf } from '@/lib/dates';
import { positiveId } from '@/utils/positive-id';

/** The bills list's keys in the address (a reload, the back button or a shared link shows the same list). */
export const BILL_URL_KEYS = ['start_date', 'end_date', 'id', 'client', 'kind', 'status', 'sort'] as const;
export type BillUrlValues = Record<(typeof BILL_URL_KEYS)[number], string>;

/** A date field the user emptied: no bound on that side (an absent key means "this month"). */
export const ANY_DATE = 'any';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export type BillSort = `${(typeof billSortFields)[number]}` | `-${(typeof billSortFields)[number]}`;
export const DEFAULT_BILL_SORT: BillSort = '-issuedOn';
export const BILL_SORTS: { value: BillSort; label: string }[] = [
  { value: '-issuedOn', label: 'Newest first' },
  { value: 'issuedOn', label: 'Oldest first' },
  { value: '-billNumber', label: 'Number (highest first)' },
  { value: 'billNumber', label: 'Number (lowest first)' },
  { value: '-totalPaise', label: 'Total (largest first)' },
  { value: 'totalPaise', label: 'Total (smallest first)' },
];

/** Today in the browser's own calendar (the admin's day), as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${mm}-${dd}`;
}

export interface BillFilters {
  start_date?: string;
  end_date?: string;
  id?: string;
  client_id?: number;
  kind?: BillKind;
  status?: BillStatus;
}

export interface ReadBillFilters {
  /** What the API is asked for (the list, its totals and the export). */
  filters: BillFilters;
  /** The date fields as shown: '' when open on that side. */
  startDate: string;
  endDate: string;
  /** A range the wrong way round finds nothing: the End date field says why instead. */
  rangeError: string | null;
  sort: BillSort;
  clientId: number | undefined;
}

function dateValue(raw: string, fallback: string): string {
  if (raw === ANY_DATE) return '';
  if (ISO_DAY.test(raw)) return raw;
  return fallback;
}

/**
 * Reads the list's filters from the address. Without dates in it the list shows this month; a
 * date field the user cleared is `any` (no bound). Unknown values (a hand-edited link) are ignored.
 */
export function readBillFilters(values: BillUrlValues, today: string): ReadBillFilters {
  const month = monthOf(today);
  const noDates = !values.start_date && !values.end_date;
  const startDate = dateValue(values.start_date, noDates ? month.start : '');
  const endDate = dateValue(values.end_date, noDates ? month.end : '');
  const rangeError = startDate && endDate && startDate > endDate ? 'Must not be before the Start date' : null;
  const kind = billKindSchema.safeParse(values.kind || undefined).data;
  const status = billStatusSchema.safeParse(values.status || undefined).data;
  const clientId = positiveId(values.client);
  const id = values.id.trim().slice(0, 40);
  const sort = BILL_SORTS.find((s) => s.value === values.sort)?.value ?? DEFAULT_BILL_SORT;
  return {
    filters: {
      ...(startDate ? { start_date: startDate } : {}),
      ...(endDate && !rangeError ? { end_date: endDate } : {}),
      ...(id ? { id } : {}),
      ...(clientId ? { client_id: clientId } : {}),
      ...(kind ? { kind } : {}),
      ...(status ? { status } : {}),
    },
    startDate,
    endDate,
    rangeError,
    sort,
    clientId,
  };
}
