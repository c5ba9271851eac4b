/** A count as a list shows it: "1,234", or "10,000+" when the server stopped counting there. */
export function formatCount(total: number, totalIsCapped = false): string {
  return `${total.toLocaleString('en-IN')}${totalIsCapped ? '+' : ''}`;
}
