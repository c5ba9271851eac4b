import multipart from '@fastify/multipart';
import {
  chainVerificationSchema,
  pdfVerificationSchema,
  publicKeyResponseSchema,
  sealParamsSchema,
  sealVerificationSchema,
  VERIFY_PDF_MAX_BYTES,
  verifyHashBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { readUploadedPdf } from '../../core/files/read-upload.js';
import { errorResponses } from '../../core/http.js';
import type { VerificationService } from './verification.service.js';

const tags = ['verification'];

/**
 * Report verification (docs/verification.md). The seal checks and the public key are public on
 * purpose (an auditor has no account) and share the per-address rate limit of every API route;
 * they answer only what the PDF report already shows. The chain check is for administrators.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ verificationService: VerificationService }> = async (
  app,
  { verificationService: service },
) => {
  await app.register(multipart, { limits: { fileSize: VERIFY_PDF_MAX_BYTES, files: 1, fields: 4 } });

  app.get(
    '/verify/public-key',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "The organisation's Ed25519 public key that signs report seals",
        response: { 200: publicKeyResponseSchema, ...errorResponses(429) },
      },
    },
    async () => service.publicKey(),
  );

  app.get(
    '/verify/seals/:id',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Check one seal by its id (public): valid or not, recomputed from the live records',
        params: sealParamsSchema,
        response: { 200: sealVerificationSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.verifyById(request.params.id),
  );

  app.post(
    '/verify/hash',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Check a seal by its SHA-256 hash (public)',
        body: verifyHashBodySchema,
        response: { 200: sealVerificationSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.verifyByHash(request.body.hash),
  );

  app.post(
    '/verify/pdf',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Check a report PDF (public): reads the seal id and hash it prints and checks that seal',
        description: `multipart/form-data, one file named "file", at most ${VERIFY_PDF_MAX_BYTES / (1024 * 1024)} MB (413 above).`,
        consumes: ['multipart/form-data'],
        response: { 200: pdfVerificationSchema, ...errorResponses(400, 404, 413, 415, 429) },
      },
    },
    async (request) => service.verifyPdf(await readUploadedPdf(request, VERIFY_PDF_MAX_BYTES)),
  );

  app.get(
    '/verify/chain',
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: 'Check the whole seal chain (administrators): where it breaks first, and why',
        description:
          'Every seal in sequence order, in keyset batches of 1,000: no gaps, each link, hash and signature, and each record against the live inspection. Up to the chain head as the check starts.',
        response: { 200: chainVerificationSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.verifyChain(),
  );
};
