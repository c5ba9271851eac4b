import { z } from 'zod';

/*
 * GST (India) rules shared by the server (orders, bills) and the client (the cart's live tax),
 * issue 18, docs/shop-orders.md. All money is integer paise; the arithmetic runs on BigInt so no
 * amount a cart can hold loses a paisa to floating point.
 *
 * Rounding, specified:
 * - a line's taxable value = unit price × quantity (exact, paise);
 * - intra-state (the company's state = the place of supply): CGST and SGST are each
 *   round-half-up(taxable × rate / 200) paise, so they are always equal;
 * - inter-state: IGST = round-half-up(taxable × rate / 100) paise;
 * - tax is rounded per line, then summed (per rate and in total);
 * - the bill's total is rounded to the nearest rupee, half up (50 paise go up); the difference is
 *   the round-off line (−49 to +50 paise).
 */

/** The states and union territories with their GST state codes (the first two digits of a GSTIN). */
export const indianStates = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;
export type IndianState = (typeof indianStates)[number];

/** Spellings other sources use (the postal service among them) for the same state. */
const STATE_ALIASES: Record<string, string> = {
  nctofdelhi: '07',
  newdelhi: '07',
  chattisgarh: '22',
  orissa: '21',
  pondicherry: '34',
  jammuandkashmir: '01',
  jammukashmir: '01',
  andamanandnicobar: '35',
  andamannicobarislands: '35',
  dadraandnagarhaveli: '26',
  damananddiu: '26',
  uttaranchal: '05',
};

function stateKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
}

/** The GST state code of a state name as typed or as the postal lookup gives it; null when unknown. */
export function stateCodeOf(name: string | null | undefined): string | null {
  if (!name) return null;
  const key = stateKey(name);
  const found = indianStates.find((state) => stateKey(state.name) === key);
  return found?.code ?? STATE_ALIASES[key] ?? null;
}

/** Whether two state names are the same state (for the place of supply). */
export function sameState(a: string | null | undefined, b: string | null | undefined): boolean {
  const codeA = stateCodeOf(a);
  const codeB = stateCodeOf(b);
  if (codeA && codeB) return codeA === codeB;
  return !!a && !!b && stateKey(a) === stateKey(b);
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN (the mod-36 scheme GSTN publishes). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] ?? '');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] ?? '0';
}

/** Whether a 15-character GSTIN has the right shape, a known state code and a right check character. */
export function isValidGstin(value: string): boolean {
  if (!GSTIN_PATTERN.test(value)) return false;
  if (!indianStates.some((state) => state.code === value.slice(0, 2))) return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

export const GSTIN_MESSAGE =
  'Enter a 15-character GSTIN, e.g. 27AAPFU0939F1ZV (state code, PAN, entity, Z, check character)';

/** A GSTIN as typed: upper-cased and trimmed, then checked (shape, state code, check character). */
export const gstinSchema = z
  .string({ error: 'GSTIN must be text' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isValidGstin, GSTIN_MESSAGE);

/** Where the supply happens relative to the company: same state (CGST + SGST) or another (IGST). */
export const supplyTypes = ['intra_state', 'inter_state'] as const;
export const supplyTypeSchema = z.enum(supplyTypes);
export type SupplyType = z.infer<typeof supplyTypeSchema>;
export const supplyTypeLabels: Record<SupplyType, string> = {
  intra_state: 'Within the state (CGST + SGST)',
  inter_state: 'Another state (IGST)',
};

/** The supply type for a shipment: intra-state when the company's state is the place of supply. */
export function supplyTypeOf(
  companyState: string | null | undefined,
  placeOfSupply: string | null | undefined,
) {
  return sameState(companyState, placeOfSupply) ? 'intra_state' : 'inter_state';
}

function roundHalfUpDiv(numerator: bigint, denominator: bigint): bigint {
  // Every amount here is >= 0, so half up is half away from zero.
  return (numerator * 2n + denominator) / (denominator * 2n);
}

export interface TaxLineInput {
  unitPricePaise: number;
  quantity: number;
  gstRate: number;
}

export interface TaxedLine {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

/** The tax of one line (rounding as specified above). */
export function taxLine(line: TaxLineInput, supply: SupplyType): TaxedLine {
  const taxable = BigInt(line.unitPricePaise) * BigInt(line.quantity);
  const rate = BigInt(line.gstRate);
  let cgst = 0n;
  let igst = 0n;
  if (supply === 'intra_state') cgst = roundHalfUpDiv(taxable * rate, 200n);
  else igst = roundHalfUpDiv(taxable * rate, 100n);
  const tax = cgst * 2n + igst;
  return {
    taxablePaise: Number(taxable),
    cgstPaise: Number(cgst),
    sgstPaise: Number(cgst),
    igstPaise: Number(igst),
    taxPaise: Number(tax),
    totalPaise: Number(taxable + tax),
  };
}

export interface RateTotal {
  gstRate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  /** Taxable + tax, to the paisa. */
  exactTotalPaise: number;
  /** The rounded total minus the exact one (−49 to +50). */
  roundOffPaise: number;
  /** What the client pays: the exact total rounded to the rupee. */
  totalPaise: number;
  /** Per GST rate, lowest rate first. */
  byRate: RateTotal[];
}

/** Sums taxed lines (each with its rate) into the totals of a bill, per rate and rounded to the rupee. */
export function totalTaxes(lines: Array<TaxedLine & { gstRate: number }>): TaxTotals {
  const byRate = new Map<number, RateTotal>();
  let taxable = 0;
  let cgst = 0;
  let sgst = 0;
  let igst = 0;
  for (const line of lines) {
    taxable += line.taxablePaise;
    cgst += line.cgstPaise;
    sgst += line.sgstPaise;
    igst += line.igstPaise;
    const rate = byRate.get(line.gstRate) ?? {
      gstRate: line.gstRate,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      taxPaise: 0,
    };
    rate.taxablePaise += line.taxablePaise;
    rate.cgstPaise += line.cgstPaise;
    rate.sgstPaise += line.sgstPaise;
    rate.igstPaise += line.igstPaise;
    rate.taxPaise += line.taxPaise;
    byRate.set(line.gstRate, rate);
  }
  const tax = cgst + sgst + igst;
  const exact = taxable + tax;
  const rounded = Number(roundHalfUpDiv(BigInt(exact), 100n)) * 100;
  return {
    taxablePaise: taxable,
    cgstPaise: cgst,
    sgstPaise: sgst,
    igstPaise: igst,
    taxPaise: tax,
    exactTotalPaise: exact,
    roundOffPaise: rounded - exact,
    totalPaise: rounded,
    byRate: [...byRate.values()].sort((a, b) => a.gstRate - b.gstRate),
  };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 ? `${tens} ${ONES[n % 10]}` : tens;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number in words in the Indian system (thousand, lakh, crore): 120034 → "One Lakh Twenty Thousand Thirty Four". */
export function numberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('A whole number from 0 is needed');
  if (value === 0) return 'Zero';
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount in paise in words, as a bill prints it: "Indian Rupees One Thousand Two Hundred Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(Math.abs(paise) / 100);
  const rest = Math.abs(paise) % 100;
  const sign = paise < 0 ? 'Minus ' : '';
  const rupeesText = `Indian Rupees ${numberInWords(rupees)}`;
  return rest ? `${sign}${rupeesText} and ${numberInWords(rest)} Paise Only` : `${sign}${rupeesText} Only`;
}

/**
 * The financial year (April to March) of a calendar date (YYYY-MM-DD), as bill numbers write it:
 * 2026-11-26 → "26-27", 2027-03-31 → "26-27", 2027-04-01 → "27-28".
 */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** Bills (tax invoices) and credit notes, each numbered in its own gapless series per financial year. */
export const billKinds = ['invoice', 'credit_note'] as const;
export const billKindSchema = z.enum(billKinds);
export type BillKind = z.infer<typeof billKindSchema>;
export const BILL_NUMBER_PREFIX: Record<BillKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** GST allows at most 16 characters in an invoice number. */
export const BILL_NUMBER_MAX = 16;
/** The six-digit counter allows this many bills of one kind in one financial year. */
export const BILL_SERIES_MAX = 999_999;

/** `INV/26-27/000123` (16 characters), `CN/26-27/000007`. */
export function formatBillNumber(kind: BillKind, financialYear: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > BILL_SERIES_MAX) {
    throw new RangeError(`A bill sequence runs from 1 to ${BILL_SERIES_MAX}`);
  }
  return `${BILL_NUMBER_PREFIX[kind]}/${financialYear}/${String(sequence).padStart(6, '0')}`;
}
