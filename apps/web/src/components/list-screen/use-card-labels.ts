import { type RefObject, useLayoutEffect } from 'react';

/**
 * Copies each header's text onto the cells of its column (`data-label`), so a table shown as cards
 * on a phone can label every value: the rows are rendered by each screen, and this spares them from
 * repeating their headers. A header with `data-card="hidden"` leaves its column out of the cards.
 * Runs after every render because rows come and go with the data.
 */
export function useCardLabels(ref: RefObject<HTMLTableElement | null>) {
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    const headers = Array.from(table.querySelectorAll('thead tr:first-child th'));
    for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
      Array.from(row.children).forEach((cell, index) => {
        const header = headers[index];
        if (!header) return;
        // A header whose text carries more than its name (a sort button's hidden ", sorted
        // ascending") names its column in `data-card-label`.
        const label = header.getAttribute('data-card-label') ?? header.textContent?.trim() ?? '';
        cell.setAttribute('data-label', label);
        const role = header.getAttribute('data-card');
        if (role) cell.setAttribute('data-card', role);
      });
    }
  });
}
