import { describe, expect, it } from 'vitest';
import { ConfigError, databaseOptions, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults on a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PRODUCT_NAME).toBe('Inspecta');
    expect(config.pgliteDir).toMatch(/data\/db$/);
    expect(config.seedDemo).toBe(true);
  });

  it("keeps the embedded database's buffer cache small unless told otherwise", () => {
    expect(databaseOptions(loadConfig({})).pgliteSharedBuffers).toBe('32MB');
    expect(databaseOptions(loadConfig({ PGLITE_SHARED_BUFFERS: '256MB' })).pgliteSharedBuffers).toBe('256MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '256' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('does not load demo data on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('stops with a message that names each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT:');
      expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
  });

  it('derives the upload folder and the public address, and checks the mail settings', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/srv/inspecta' });
    expect(config.uploadsDir).toBe('/srv/inspecta/uploads');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.SMTP_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://inspect.example.in/' }).publicUrl).toBe(
      'https://inspect.example.in',
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.in' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });
});
