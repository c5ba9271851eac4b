/** A readable key from a label: "Pressure gauge in green zone" → "pressure_gauge_in_green_zone". */
export function slugifyKey(text: string, fallback = 'item'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48)
    .replace(/_+$/g, '');
  if (!slug) return fallback;
  return /^[a-z]/.test(slug) ? slug : `${fallback}_${slug}`.slice(0, 60);
}

/** `base`, or `base_2`, `base_3`… whichever is not taken. */
export function uniqueKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 56)}_${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
