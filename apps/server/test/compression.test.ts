import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/plugins/compression.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/** A built client laid out as the web build writes it: hashed assets with .br and .gz beside them. */
const ASSET = '/assets/app-Ab12Cd34.js';
const ASSET_TEXT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const INDEX_TEXT = `<!doctype html><html><head><title>Inspecta</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>\n`;

function writeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inspecta-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [file, text] of [
    [ASSET, ASSET_TEXT],
    ['/index.html', INDEX_TEXT],
  ] as const) {
    const full = path.join(dir, file);
    writeFileSync(full, text);
    writeFileSync(`${full}.br`, brotliCompressSync(text));
    writeFileSync(`${full}.gz`, gzipSync(text));
  }
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite/manifest.json'), '{"index.html":{"file":"assets/app-Ab12Cd34.js"}}');
  return dir;
}

describe('compression and caching', () => {
  let ctx: TestContext;
  let admin: string;
  const dist = writeDist();

  beforeAll(async () => {
    ctx = await createTestApp({ config: { WEB_DIST_DIR: dist } });
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    // Enough users for the list to be well over the threshold.
    for (let i = 0; i < 12; i++) await insertUser(ctx.db, { userType: 'inspector' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const list = (acceptEncoding?: string) =>
    ctx.app.inject({
      url: '/api/admin/userlist?page=1&limit=50',
      headers: { authorization: admin, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends a JSON list brotli-compressed when the client accepts br, and the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await list('br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip, and sends identity when the client accepts neither', async () => {
    const gz = await list('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).users).toBeDefined();

    const identity = await list('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().users).toBeDefined();
  });

  it('leaves a response under the threshold uncompressed', async () => {
    const health = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sends a hashed asset precompressed by negotiation, immutable for a year', async () => {
    const br = await ctx.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_TEXT);

    const gz = await ctx.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET_TEXT);

    const plain = await ctx.app.inject({ url: ASSET });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_TEXT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed and always revalidated, at / and at a client route', async () => {
    for (const url of ['/', '/dashboard/site-management']) {
      const response = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_TEXT);
    }
  });

  it('does not inflate a compressed request body (only responses are compressed)', async () => {
    const body = gzipSync(JSON.stringify({ email: 'nobody@example.test', password: 'not-a-real-password' }));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    // The gzip bytes are parsed as they are: not JSON.
    expect(response.statusCode).toBe(400);
  });

  it('does not serve the build manifest', async () => {
    const response = await ctx.app.inject({ url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
  });

  it('streams a CSV export compressed, batch by batch, over HTTP', async () => {
    const rows = 3000;
    const category = `Compressed export ${Date.now()}`;
    await ctx.db.execute(
      sql`insert into equipment_types (name, category, inspection_interval_days, manufacturer, model)
          select 'Zip type ' || g, ${category}, 30, 'Maker ' || (g % 97), 'M-' || g
          from generate_series(1, ${rows}) g`,
    );
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const http = await import('node:http');
    const url = `${address}/api/auth/global-equipment/export?format=csv&category=${encodeURIComponent(category)}`;
    const { headers, chunks } = await new Promise<{ headers: Record<string, unknown>; chunks: Buffer[] }>(
      (resolve, reject) => {
        http
          .get(url, { headers: { authorization: admin, 'accept-encoding': 'br' } }, (response) => {
            const received: Buffer[] = [];
            response.on('data', (chunk: Buffer) => received.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, chunks: received }));
            response.on('error', reject);
          })
          .on('error', reject);
      },
    );
    expect(headers['content-encoding']).toBe('br');
    expect(headers['x-export-row-count']).toBe(String(rows));
    expect(headers['content-length']).toBeUndefined();
    const text = brotliDecompressSync(Buffer.concat(chunks)).toString();
    expect(text.split('\n').filter(Boolean)).toHaveLength(rows + 1);
    // Each 1,000-row batch is flushed as it is written, not held until the end.
    expect(chunks.length).toBeGreaterThanOrEqual(rows / 1000);
    // The first chunk alone already decompresses to the heading and rows (a flushed brotli stream).
    const { createBrotliDecompress } = await import('node:zlib');
    const partial = await new Promise<string>((resolve) => {
      const inflater = createBrotliDecompress();
      let out = '';
      inflater.on('data', (b: Buffer) => {
        out += b.toString();
      });
      inflater.write(chunks[0], () => setTimeout(() => resolve(out), 20));
    });
    expect(partial.split('\n').length).toBeGreaterThan(1);
  });
});
