/**
 * Money in the shop is integer minor units (paise) with a currency code (DESIGN.md "Shop"). The
 * contract converts typed rupees to paise (`rupeesToPaise`); these show paise as rupees.
 */

const formatters = new Map<string, Intl.NumberFormat>();

/** 123450 → "₹1,234.50" (Indian grouping; another currency shows its own symbol). */
export function formatMoney(paise: number, currency = 'INR'): string {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: 2 });
    formatters.set(currency, format);
  }
  return format.format(paise / 100);
}

const wholeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** 1234567890 → "₹1,23,45,679": a large sum on a figure card, to the rupee. */
export function formatRupees(paise: number): string {
  return wholeFormat.format(Math.round(paise / 100));
}

/** A quantity with its unit: "12 pieces", "1 kg", "3 litres", "2 sets". */
export function formatQuantity(quantity: number, unit: 'piece' | 'kg' | 'litre' | 'set'): string {
  const count = quantity.toLocaleString('en-IN');
  if (unit === 'kg') return `${count} kg`;
  const plural = Math.abs(quantity) === 1 ? unit : `${unit}s`;
  return `${count} ${plural}`;
}
