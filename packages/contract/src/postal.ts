import { z } from 'zod';
import { PINCODE_MESSAGE, PINCODE_PATTERN } from './sites.js';

/** GET /api/postal/pincode/:code */
export const postalLookupParamsSchema = z.object({
  code: z.string().regex(PINCODE_PATTERN, PINCODE_MESSAGE).describe('6-digit Indian PIN code'),
});
export type PostalLookupParams = z.infer<typeof postalLookupParamsSchema>;

export const postOfficeSchema = z.object({
  name: z.string(),
  branchType: z.string().nullable(),
  deliveryStatus: z.string().nullable(),
  block: z.string().nullable(),
  district: z.string().nullable(),
  division: z.string().nullable(),
  region: z.string().nullable(),
  state: z.string().nullable(),
});
export type PostOffice = z.infer<typeof postOfficeSchema>;

export const postalLookupResponseSchema = z.object({
  pincode: z.string(),
  city: z.string().nullable().describe('Suggested city: the postal district, which is the city for metros'),
  district: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  postOffices: z.array(postOfficeSchema).describe('Localities served by the PIN code'),
});
export type PostalLookupResponse = z.infer<typeof postalLookupResponseSchema>;

/** The message every failed lookup carries, so the form tells the user to type the address. */
export const POSTAL_FALLBACK_HINT = 'enter the city, district and state by hand';
