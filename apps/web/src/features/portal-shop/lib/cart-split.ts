import type { CartAllocationsBody, CartLine } from '@inspecta/contract';

/** A line's split as typed: units per shipping address id (a field may hold '' while typing). */
export type Split = Record<number, number | string>;

function units(value: number | string | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  return Number.parseInt(value ?? '', 10) || 0;
}

/** The split the server holds for the line. */
export function splitOf(line: Pick<CartLine, 'allocations'>): Split {
  return Object.fromEntries(line.allocations.map((a) => [a.addressId, a.quantity]));
}

/** Units given an address in the typed split. */
export function splitTotal(split: Split): number {
  return Object.values(split).reduce<number>((sum, v) => sum + units(v), 0);
}

/** The allocations body: each address with units, once; the rest of the line stays unallocated. */
export function allocationsBody(split: Split): CartAllocationsBody {
  return {
    allocations: Object.entries(split)
      .map(([addressId, q]) => ({ addressId: Number(addressId), quantity: units(q) }))
      .filter((a) => a.quantity > 0),
  };
}

/** Whether the typed split says the same as the server's (zeros and blanks are no allocation). */
export function sameSplit(a: Split, b: Split): boolean {
  const left = allocationsBody(a).allocations;
  const right = allocationsBody(b).allocations;
  return (
    left.length === right.length &&
    left.every((x) => right.some((y) => y.addressId === x.addressId && y.quantity === x.quantity))
  );
}
