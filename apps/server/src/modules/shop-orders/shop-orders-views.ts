import {
  type AddressSnapshot,
  type ClientSummary,
  type ShopAddress,
  type SupplyType,
  stateCodeOf,
  type TaxFigures,
  taxLine,
} from '@inspecta/contract';
import { AppError } from '../../core/errors.js';
import { formatRupees } from '../../core/pdf.js';
import type { AddressesRepository, AddressRow, AddressView, ClientRow } from './addresses.repository.js';

/** Rules every part of the module shares: the client check, the address views, tax sums. */

export const clientName = (c: Pick<ClientRow, 'firstName' | 'lastName'>) =>
  `${c.firstName} ${c.lastName}`.trim();

export function toClientSummary(c: ClientRow): ClientSummary {
  return { id: c.id, name: clientName(c), company: c.company, email: c.email, phone: c.phone };
}

/** The client the cart, address or order is for: a live client user, else 404. */
export async function requireClient(repo: AddressesRepository, clientId: number): Promise<ClientRow> {
  const client = await repo.liveClient(clientId);
  if (!client) throw AppError.notFound('Client');
  return client;
}

export function toAddress(row: AddressView): ShopAddress {
  return {
    id: row.id,
    clientId: row.clientId,
    kind: row.kind,
    label: row.label,
    contactName: row.contactName,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    district: row.district,
    state: row.state,
    stateCode: stateCodeOf(row.state),
    pincode: row.pincode,
    country: row.country,
    gstin: row.gstin,
    siteId: row.siteId,
    siteCode: row.siteCode,
    isDefault: row.isDefault,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The address as it is now, copied into an order (later edits never reach the order). */
export function snapshotOf(row: AddressRow): AddressSnapshot {
  return {
    addressId: row.id,
    label: row.label,
    contactName: row.contactName,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    district: row.district,
    state: row.state,
    stateCode: stateCodeOf(row.state),
    pincode: row.pincode,
    country: row.country,
    gstin: row.gstin,
  };
}

export const ZERO_FIGURES: TaxFigures = {
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  taxPaise: 0,
  totalPaise: 0,
};

export function addFigures(a: TaxFigures, b: TaxFigures): TaxFigures {
  return {
    taxablePaise: a.taxablePaise + b.taxablePaise,
    cgstPaise: a.cgstPaise + b.cgstPaise,
    sgstPaise: a.sgstPaise + b.sgstPaise,
    igstPaise: a.igstPaise + b.igstPaise,
    taxPaise: a.taxPaise + b.taxPaise,
    totalPaise: a.totalPaise + b.totalPaise,
  };
}

/** Tax of lines going to one place of supply: each line rounded (gst.ts), then summed. */
export function figuresOf(
  lines: ReadonlyArray<{ unitPricePaise: number; quantity: number; gstRate: number }>,
  supply: SupplyType,
): TaxFigures {
  return lines.reduce((sum, line) => {
    const taxed = taxLine(line, supply);
    return addFigures(sum, {
      taxablePaise: taxed.taxablePaise,
      cgstPaise: taxed.cgstPaise,
      sgstPaise: taxed.sgstPaise,
      igstPaise: taxed.igstPaise,
      taxPaise: taxed.taxPaise,
      totalPaise: taxed.totalPaise,
    });
  }, ZERO_FIGURES);
}

export const plural = (n: number, word: string) =>
  `${n.toLocaleString('en-IN')} ${word}${n === 1 ? '' : 's'}`;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (the organisation's). */
export function dayIn(timezone: string, at: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** Rupees for messages: ₹1,23,456.78. */
export function rupeesText(paise: number): string {
  return `₹${formatRupees(paise)}`;
}
