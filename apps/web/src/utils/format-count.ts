/** A count as a list shows it: "1,234", or "10,000+" when the server stopped counting there. */
export function formatCount(total: number, totalIsCapped = false): string {
  return `${total.toLocaleString('en-IN')}${totalIsCapped ? '+' : ''}`;
}

/** A count with its noun: "1 template", "1,200 templates", "10,000+ templates" (a capped count is never one). */
export function formatCountOf(
  total: number,
  totalIsCapped: boolean | undefined,
  [one, many]: [singular: string, plural: string],
): string {
  return `${formatCount(total, totalIsCapped)} ${total === 1 && !totalIsCapped ? one : many}`;
}
