import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  BILL_NUMBER_MAX,
  financialYearOf,
  formatBillNumber,
  gstinCheckCharacter,
  gstinSchema,
  indianStates,
  isValidGstin,
  numberInWords,
  sameState,
  stateCodeOf,
  supplyTypeOf,
  taxLine,
  totalTaxes,
} from './gst.js';

describe('states and their GST codes', () => {
  it('knows every state once, with a two-digit code', () => {
    expect(new Set(indianStates.map((s) => s.code)).size).toBe(indianStates.length);
    for (const state of indianStates) expect(state.code).toMatch(/^\d{2}$/);
    expect(stateCodeOf('Maharashtra')).toBe('27');
    expect(stateCodeOf('Karnataka')).toBe('29');
    expect(stateCodeOf('Tamil Nadu')).toBe('33');
  });

  it('reads a state however it is typed, and the spellings other sources use', () => {
    expect(stateCodeOf('  MAHARASHTRA ')).toBe('27');
    expect(stateCodeOf('tamil-nadu')).toBe('33');
    expect(stateCodeOf('Jammu & Kashmir')).toBe('01');
    expect(stateCodeOf('NCT of Delhi')).toBe('07');
    expect(stateCodeOf('New Delhi')).toBe('07');
    expect(stateCodeOf('Orissa')).toBe('21');
    expect(stateCodeOf('Pondicherry')).toBe('34');
    expect(stateCodeOf('Chattisgarh')).toBe('22');
    expect(stateCodeOf('Uttaranchal')).toBe('05');
    expect(stateCodeOf('Daman and Diu')).toBe('26');
    expect(stateCodeOf('Andaman & Nicobar Islands')).toBe('35');
  });

  it('answers null for what is not an Indian state', () => {
    expect(stateCodeOf('Bavaria')).toBeNull();
    expect(stateCodeOf('')).toBeNull();
    expect(stateCodeOf(null)).toBeNull();
    expect(stateCodeOf(undefined)).toBeNull();
  });

  it('compares states by code, and unknown ones by their letters', () => {
    expect(sameState('Delhi', 'NCT of Delhi')).toBe(true);
    expect(sameState('Odisha', 'Orissa')).toBe(true);
    expect(sameState('Maharashtra', 'Karnataka')).toBe(false);
    expect(sameState('Bavaria', ' bavaria')).toBe(true);
    expect(sameState('Maharashtra', null)).toBe(false);
    expect(supplyTypeOf('Maharashtra', 'maharashtra')).toBe('intra_state');
    expect(supplyTypeOf('Maharashtra', 'Gujarat')).toBe('inter_state');
    // No company state set: every supply is taxed as inter-state (IGST).
    expect(supplyTypeOf(null, 'Gujarat')).toBe('inter_state');
  });
});

describe('GSTIN', () => {
  // Real-shaped GSTINs: state code, PAN, entity number, Z, check character.
  const valid = [
    '27AAPFU0939F1ZV',
    '29AAGCB7383J1Z4',
    '27AAACR5055K1Z7',
    '33AAACI1195H1ZT',
    '07AAACH7409R1Z3',
  ];

  it('computes the check character of the published scheme', () => {
    for (const gstin of valid) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    for (const gstin of valid) expect(isValidGstin(gstin)).toBe(true);
  });

  it('refuses a wrong check character, a typo, a bad shape or an unknown state code', () => {
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false); // check character
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0938F1ZV')).toBe(false); // one digit mistyped
    expect(isValidGstin('27AAPFU0939F1YV')).toBe(false); // no Z
    expect(isValidGstin('27AAPFU0939F0ZV')).toBe(false); // entity 0
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false); // lower case (the schema upper-cases)
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false); // 14 characters
    expect(isValidGstin('')).toBe(false);
    // State 25 does not exist any more (merged into 26); with its own right check character.
    const first14 = '25AAPFU0939F1Z';
    expect(isValidGstin(first14 + gstinCheckCharacter(first14))).toBe(false);
  });

  it('the schema trims and upper-cases before checking', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.safeParse('27AAPFU0939F1ZA').success).toBe(false);
  });
});

describe('taxLine: one line, rounded as specified', () => {
  it('splits the rate into CGST and SGST within the state, IGST across states', () => {
    const line = { unitPricePaise: 45_000, quantity: 3, gstRate: 18 };
    expect(taxLine(line, 'intra_state')).toEqual({
      taxablePaise: 135_000,
      cgstPaise: 12_150,
      sgstPaise: 12_150,
      igstPaise: 0,
      taxPaise: 24_300,
      totalPaise: 159_300,
    });
    expect(taxLine(line, 'inter_state')).toEqual({
      taxablePaise: 135_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 24_300,
      taxPaise: 24_300,
      totalPaise: 159_300,
    });
  });

  it('rounds half a paisa up, and CGST always equals SGST', () => {
    // 25 paise × 18 % / 2 = 2.25 paise → 2; 75 paise → 6.75 → 7.
    expect(taxLine({ unitPricePaise: 25, quantity: 1, gstRate: 18 }, 'intra_state').cgstPaise).toBe(2);
    expect(taxLine({ unitPricePaise: 75, quantity: 1, gstRate: 18 }, 'intra_state').cgstPaise).toBe(7);
    // Exactly half a paisa goes up: 10 paise × 5 % = 0.5 → 1 (IGST).
    expect(taxLine({ unitPricePaise: 10, quantity: 1, gstRate: 5 }, 'inter_state').igstPaise).toBe(1);
    expect(taxLine({ unitPricePaise: 50, quantity: 1, gstRate: 5 }, 'intra_state')).toMatchObject({
      cgstPaise: 1, // 50 × 5 / 200 = 1.25 → 1
      sgstPaise: 1,
      taxPaise: 2,
    });
    // 20 paise × 5 % / 2 = 0.5 paise exactly → 1 each side.
    expect(taxLine({ unitPricePaise: 20, quantity: 1, gstRate: 5 }, 'intra_state')).toMatchObject({
      cgstPaise: 1,
      sgstPaise: 1,
      taxPaise: 2,
    });
    // Below half stays down: 3 × 28 / 200 = 0.42 → 0; 7 × 28 / 200 = 0.98 → 1.
    expect(taxLine({ unitPricePaise: 3, quantity: 1, gstRate: 28 }, 'intra_state').cgstPaise).toBe(0);
    expect(taxLine({ unitPricePaise: 7, quantity: 1, gstRate: 28 }, 'intra_state').cgstPaise).toBe(1);
  });

  it('is exact for amounts a float would lose', () => {
    // ₹1,00,00,000 × 10,000 units = 10^13 paise taxable; 28 % of it.
    const big = taxLine({ unitPricePaise: 1_000_000_000, quantity: 10_000, gstRate: 28 }, 'inter_state');
    expect(big.taxablePaise).toBe(10_000_000_000_000);
    expect(big.igstPaise).toBe(2_800_000_000_000);
    expect(taxLine({ unitPricePaise: 999, quantity: 1, gstRate: 0 }, 'intra_state').taxPaise).toBe(0);
  });
});

describe('totalTaxes: per rate, then rounded to the rupee', () => {
  const lines = (specs: Array<[number, number, number]>, supply: 'intra_state' | 'inter_state') =>
    specs.map(([unitPricePaise, quantity, gstRate]) => ({
      ...taxLine({ unitPricePaise, quantity, gstRate }, supply),
      gstRate,
    }));

  it('sums per rate (lowest first) and in total, tax rounded per line', () => {
    const totals = totalTaxes(
      lines(
        [
          [45_000, 3, 18],
          [12_345, 2, 12],
          [999, 1, 18],
          [5_000, 4, 5],
        ],
        'intra_state',
      ),
    );
    expect(totals.byRate.map((r) => r.gstRate)).toEqual([5, 12, 18]);
    expect(totals.byRate[0]).toEqual({
      gstRate: 5,
      taxablePaise: 20_000,
      cgstPaise: 500,
      sgstPaise: 500,
      igstPaise: 0,
      taxPaise: 1000,
    });
    // 24,690 × 6 % = 1,481.4 → 1,481 each.
    expect(totals.byRate[1]).toMatchObject({ taxablePaise: 24_690, cgstPaise: 1481, sgstPaise: 1481 });
    // 1,35,000 × 9 % = 12,150; 999 × 9 % = 89.91 → 90: per line, then summed.
    expect(totals.byRate[2]).toMatchObject({ taxablePaise: 135_999, cgstPaise: 12_240, sgstPaise: 12_240 });
    expect(totals.taxablePaise).toBe(180_689);
    expect(totals.taxPaise).toBe(2 * (500 + 1481 + 12_240));
    expect(totals.exactTotalPaise).toBe(180_689 + 28_442);
    // 2,09,131 paise → ₹2,091.31 → ₹2,091: round-off −31 paise.
    expect(totals.roundOffPaise).toBe(-31);
    expect(totals.totalPaise).toBe(209_100);
    expect(totals.igstPaise).toBe(0);
  });

  it('rounds 49 paise down and 50 paise up', () => {
    const of = (paise: number) =>
      totalTaxes([
        { ...taxLine({ unitPricePaise: paise, quantity: 1, gstRate: 0 }, 'inter_state'), gstRate: 0 },
      ]);
    expect(of(10_049)).toMatchObject({ totalPaise: 10_000, roundOffPaise: -49 });
    expect(of(10_050)).toMatchObject({ totalPaise: 10_100, roundOffPaise: 50 });
    expect(of(10_051)).toMatchObject({ totalPaise: 10_100, roundOffPaise: 49 });
    expect(of(10_000)).toMatchObject({ totalPaise: 10_000, roundOffPaise: 0 });
    expect(of(0)).toMatchObject({
      totalPaise: 0,
      roundOffPaise: 0,
      byRate: [expect.objectContaining({ gstRate: 0 })],
    });
  });

  it('answers zeros for no lines', () => {
    expect(totalTaxes([])).toMatchObject({
      taxablePaise: 0,
      taxPaise: 0,
      totalPaise: 0,
      roundOffPaise: 0,
      byRate: [],
    });
  });
});

describe('amounts in words (Indian system)', () => {
  it('names numbers up to crores', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(7)).toBe('Seven');
    expect(numberInWords(19)).toBe('Nineteen');
    expect(numberInWords(40)).toBe('Forty');
    expect(numberInWords(101)).toBe('One Hundred One');
    expect(numberInWords(1000)).toBe('One Thousand');
    expect(numberInWords(120_034)).toBe('One Lakh Twenty Thousand Thirty Four');
    expect(numberInWords(10_000_000)).toBe('One Crore');
    expect(numberInWords(99_99_99_999)).toBe(
      'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine',
    );
    expect(numberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(numberInWords(12_34_56_78_901)).toBe(
      'One Thousand Two Hundred Thirty Four Crore Fifty Six Lakh Seventy Eight Thousand Nine Hundred One',
    );
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
  });

  it('writes an amount in paise as a bill prints it', () => {
    expect(amountInWords(120_000)).toBe('Indian Rupees One Thousand Two Hundred Only');
    expect(amountInWords(209_100)).toBe('Indian Rupees Two Thousand Ninety One Only');
    expect(amountInWords(150_075)).toBe(
      'Indian Rupees One Thousand Five Hundred and Seventy Five Paise Only',
    );
    expect(amountInWords(0)).toBe('Indian Rupees Zero Only');
    expect(amountInWords(-5_000)).toBe('Minus Indian Rupees Fifty Only');
  });
});

describe('financial years and bill numbers', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf('2027-03-31')).toBe('26-27');
    expect(financialYearOf('2027-04-01')).toBe('27-28');
    expect(financialYearOf('2026-11-26')).toBe('26-27');
    expect(financialYearOf('2026-01-01')).toBe('25-26');
    expect(financialYearOf('1999-04-01')).toBe('99-00');
    expect(financialYearOf('2000-03-31')).toBe('99-00');
  });

  it('formats a number of at most 16 characters, and refuses a sequence out of range', () => {
    expect(formatBillNumber('invoice', '26-27', 123)).toBe('INV/26-27/000123');
    expect(formatBillNumber('credit_note', '26-27', 7)).toBe('CN/26-27/000007');
    expect(formatBillNumber('invoice', '26-27', 999_999)).toHaveLength(BILL_NUMBER_MAX);
    expect(formatBillNumber('invoice', '26-27', 1).length).toBeLessThanOrEqual(BILL_NUMBER_MAX);
    expect(() => formatBillNumber('invoice', '26-27', 0)).toThrow(RangeError);
    expect(() => formatBillNumber('invoice', '26-27', 1_000_000)).toThrow(RangeError);
    expect(() => formatBillNumber('invoice', '26-27', 1.5)).toThrow(RangeError);
  });
});
