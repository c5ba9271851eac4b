import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller bodies are sent as they are: compressing them saves less than the headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses what the server builds at request time (API JSON, CSV exports): brotli when the client
 * accepts it, else gzip, else deflate. The built client's files are compressed at build time and sent
 * by the web-client plugin, so this leaves a reply that already has a Content-Encoding alone.
 * Every write is flushed, so a streamed export reaches the client batch by batch, compressed.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Responses only: request bodies are read as sent, as before (a compressed body would otherwise be
    // inflated before the body limit could see its real size). Runs before the plugin's own onRoute.
    app.addHook('onRoute', (route) => {
      route.decompress ??= false;
    });
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip', 'deflate'],
      // Quality 4: close to gzip -9 in size at a fraction of brotli's default (11) cost per request.
      brotliOptions: {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
        flush: constants.BROTLI_OPERATION_FLUSH,
      },
      zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
    });
  },
  { name: 'compression' },
);
