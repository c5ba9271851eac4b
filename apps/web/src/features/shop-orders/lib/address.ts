import type { AddressSnapshot, ShopAddress } from '@inspecta/contract';

type AddressLike = Pick<
  ShopAddress | AddressSnapshot,
  'addressLine1' | 'addressLine2' | 'city' | 'district' | 'state' | 'pincode'
>;

/** An address as the lines a label shows: street, locality, "City, District", "State PIN". */
export function addressLines(address: AddressLike): string[] {
  const cityLine = [
    address.city,
    address.district && address.district !== address.city ? address.district : null,
  ]
    .filter(Boolean)
    .join(', ');
  return [address.addressLine1, address.addressLine2, cityLine, `${address.state} ${address.pincode}`].filter(
    (line): line is string => !!line && line.trim() !== '',
  );
}

/** One line: "Label — street, City, State PIN" (for pickers). */
export function addressOneLine(address: AddressLike & { label: string }): string {
  return `${address.label} — ${[address.addressLine1, address.city, `${address.state} ${address.pincode}`].join(', ')}`;
}
