import type { CartAllocation } from '@inspecta/contract';

/** A line's split as typed: units per shipping address id. */
export type SplitDraft = Record<number, number>;

export function draftOf(allocations: CartAllocation[]): SplitDraft {
  return Object.fromEntries(allocations.map((a) => [a.addressId, a.quantity]));
}

/** What the allocations body of the API gets: each address with units, at most once. */
export function allocationsOf(draft: SplitDraft): CartAllocation[] {
  return Object.entries(draft)
    .map(([addressId, quantity]) => ({ addressId: Number(addressId), quantity }))
    .filter((a) => a.quantity > 0);
}

export interface SplitSummary {
  allocated: number;
  /** Units without an address (0 when all have one; negative never: see `over`). */
  unallocated: number;
  /** Units given beyond the line's quantity. */
  over: number;
}

/** How a line's units stand against its split: every unit must go to exactly one address. */
export function splitSummary(quantity: number, draft: SplitDraft): SplitSummary {
  const allocated = Object.values(draft).reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);
  return {
    allocated,
    unallocated: Math.max(0, quantity - allocated),
    over: Math.max(0, allocated - quantity),
  };
}

/** Whether the typed split differs from what the server holds. */
export function sameSplit(a: SplitDraft, b: SplitDraft): boolean {
  const left = allocationsOf(a);
  const right = allocationsOf(b);
  return (
    left.length === right.length &&
    left.every((x) => right.some((y) => y.addressId === x.addressId && y.quantity === x.quantity))
  );
}
