const FIELDS = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
].join(', ');

/**
 * Moves the focus to the first field inside `root` (a wizard step, a new builder item), so a
 * keyboard or screen-reader user carries on where the content changed instead of on a button that
 * is gone or back at the top; without a field the region itself takes the focus (it needs
 * tabIndex={-1} and a name). Answers the element focused.
 */
export function focusFirstField(root: HTMLElement): HTMLElement {
  const field = root.querySelector<HTMLElement>(FIELDS) ?? root;
  field.focus();
  return field;
}
