import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True when the built client is being served (a server built without it answers the API only). */
    servesWebClient: boolean;
  }
}

/** Serves the built client; paths that are not files fall back to index.html (the client routes). */
export const webClientPlugin = fp<{ distDir: string }>(
  async (app: FastifyInstance, { distDir }) => {
    const served = existsSync(path.join(distDir, 'index.html'));
    app.decorate('servesWebClient', served);
    if (!served) {
      app.log.warn({ distDir }, 'built client not found; serving the API only (run npm run build)');
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      // Files not found fall through to the not-found handler, which answers index.html.
      wildcard: true,
      index: 'index.html',
      // The web build writes file.br and file.gz beside each text file (apps/web/vite.config.ts): sent
      // with Content-Encoding br or gzip when the request accepts it, with Vary: Accept-Encoding.
      preCompressed: true,
      // Nothing under a dot-folder (the build's .vite/manifest.json) or named with a leading dot.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  },
  { name: 'web-client' },
);

export function sendClientApp(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
  // A missing file (a stale hashed asset) is a 404, not the app's page with the wrong type.
  const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
  if (!wantsHtml || lastSegment.includes('.') || !request.server.servesWebClient) return undefined;
  reply.header('Cache-Control', 'no-cache');
  return reply.type('text/html').sendFile('index.html');
}
