import type { DateFormat } from '@inspecta/contract';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date written in one of the organisation's date formats (local calendar day). */
export function formatDateAs(date: Date, format: DateFormat): string {
  const d = date.getDate();
  const m = date.getMonth() + 1;
  const y = date.getFullYear();
  const dd = String(d).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  switch (format) {
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${y}`;
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${y}`;
    case 'YYYY-MM-DD':
      return `${y}-${mm}-${dd}`;
    case 'D MMM YYYY':
      return `${d} ${MONTHS[m - 1]} ${y}`;
  }
}

/** The sample shown next to each choice: 25 March 2026 (a day and month that cannot be confused). */
export function formatSampleDate(format: DateFormat): string {
  return formatDateAs(new Date(2026, 2, 25), format);
}
