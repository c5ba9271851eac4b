import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { type FileStorage, STORED_FILE_NAME } from '../../core/files/file-storage.js';
import { FILES_PATH } from '../../core/files/file-urls.js';
import { errorResponses } from '../../core/http.js';

const fileParamsSchema = z.object({
  name: z.string().regex(STORED_FILE_NAME, 'Not a file name this server issues'),
});

/**
 * GET /api/files/:name, public on purpose: `<img src>` cannot send the Authorization header, so a
 * profile image or an inspection photo is protected by its unguessable 128-bit name instead
 * (docs/user-management.md). Files never change under a name, so the browser keeps them for a year;
 * `private` keeps shared caches (proxies, CDNs) from storing a client's photos.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get(
    `${FILES_PATH}/:name`,
    {
      config: { access: access.public },
      schema: {
        tags: ['files'],
        summary: 'An uploaded file (profile images), by its server-generated name',
        description:
          'Public: the 128-bit random name is the capability, so <img src> works without a token. ' +
          'Answers image/webp with nosniff and a one-year private, immutable cache.',
        params: fileParamsSchema,
        response: { 200: z.any().describe('The file (image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const data = await storage.read(request.params.name);
      if (!data) throw AppError.notFound('File');
      return reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
};
