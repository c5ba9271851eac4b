import { z } from 'zod';
import { isoDateTimeSchema } from './common.js';
import { inspectionResultSchema } from './inspections.js';

/**
 * Verifiable, tamper-evident reports (issue 20, docs/verification.md): every completed inspection
 * is sealed (SHA-256 of a canonical record, chained to the previous seal, signed with the
 * organisation's Ed25519 key). Anyone can check a seal by its id, its hash or the report's PDF.
 */

/** The public id of a seal: 128 random bits in hex (not the sequence, so seals cannot be listed). */
export const sealIdSchema = z
  .string()
  .regex(/^[a-f0-9]{32}$/, 'A seal id is 32 hexadecimal characters')
  .describe('The seal id printed on the report');
/** A SHA-256 in lower-case hex. */
export const sealHashSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-f0-9]{64}$/, 'A hash is 64 hexadecimal characters');

/** Largest PDF the public check accepts. */
export const VERIFY_PDF_MAX_BYTES = 10 * 1024 * 1024;

/** Where the device was when the inspector submitted, as the browser's geolocation gave it. */
export const devicePositionSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(1_000_000).describe('Metres'),
});
/** What the inspector's device said at submit (sealed with the inspection when given). */
export const submitDeviceSchema = z.object({
  time: z.iso.datetime({ offset: true }).describe("The device's clock when it submitted"),
  position: devicePositionSchema.nullish(),
});
export type SubmitDevice = z.infer<typeof submitDeviceSchema>;

export const sealParamsSchema = z.object({ id: sealIdSchema });

/** POST /api/verify/hash */
export const verifyHashBodySchema = z.object({ hash: sealHashSchema });
export type VerifyHashBody = z.input<typeof verifyHashBodySchema>;

/** One public verification: valid or not, and only what the PDF report already shows. */
export const sealVerificationSchema = z.object({
  sealId: sealIdSchema,
  valid: z.boolean(),
  problems: z.array(z.string()).describe('Why the seal is not valid; empty when it is'),
  hash: z.string(),
  sealedAt: isoDateTimeSchema,
  sealedLater: z
    .boolean()
    .describe('Completed before sealing existed and sealed afterwards by the start-up job'),
  sealedBy: z.string().describe("The inspector's name as recorded at submit"),
  report: z.object({
    inspectionNumber: z.number().int(),
    siteName: z.string(),
    siteCode: z.string(),
    templateName: z.string(),
    templateVersion: z.number().int(),
    result: inspectionResultSchema,
    failedItems: z.number().int(),
    totalItems: z.number().int(),
    unitCount: z.number().int(),
    completedAt: isoDateTimeSchema,
  }),
});
export type SealVerification = z.infer<typeof sealVerificationSchema>;

/** POST /api/verify/pdf: the seal the PDF names, and whether its printed hash is the seal's. */
export const pdfVerificationSchema = sealVerificationSchema.extend({
  printedHashMatches: z.boolean(),
});
export type PdfVerification = z.infer<typeof pdfVerificationSchema>;

/** GET /api/verify/public-key */
export const publicKeyResponseSchema = z.object({
  algorithm: z.literal('Ed25519'),
  publicKeyPem: z.string().describe('SPKI, PEM'),
  fingerprint: z.string().describe('SHA-256 of the DER public key, hex'),
  createdAt: isoDateTimeSchema,
});
export type PublicKeyResponse = z.infer<typeof publicKeyResponseSchema>;

/** GET /api/verify/chain (administrators) */
export const chainVerificationSchema = z.object({
  valid: z.boolean(),
  checked: z.number().int().describe('Seals checked, in sequence order'),
  lastSequence: z.number().int().describe('0 when nothing is sealed yet'),
  unsealedCompleted: z.number().int().describe('Completed inspections not sealed yet'),
  firstBreak: z
    .object({
      sequence: z.number().int(),
      sealId: z.string().nullable(),
      inspectionId: z.number().int().nullable(),
      problem: z.string(),
    })
    .nullable(),
  elapsedMs: z.number().int(),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;
