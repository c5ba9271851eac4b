/** A URL value that names a record ("42"), as its id; anything else (blank, "0", "abc") is none. */
export function positiveId(value: string): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
