// English has two plural categories ("one", "other"); Intl.PluralRules decides which a count takes
// (1 → one, 0 and 2 → other), so no screen writes "1 items" or "0 item" by its own test of === 1.
const rules = new Intl.PluralRules('en-IN');
const numbers = new Intl.NumberFormat('en-IN');

/** The noun for a count: pluralNoun(1, 'item') is "item", pluralNoun(2, 'item') "items". */
export function pluralNoun(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** A count with its noun, the count grouped as lists show it: "1 item", "2 items", "1,200 units". */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${numbers.format(count)} ${pluralNoun(count, one, other)}`;
}
