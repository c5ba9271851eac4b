// The bundled server (dist/server.js, src/scripts/bundle-server.ts) is what production and the
// browser tests run. Built here in memory from the sources, it must keep the heavy libraries
// loading on first use and must not contain code that breaks only once bundled.
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleOptions, LAZY_PACKAGES } from './bundle-server.js';

let text = '';
let imports: Metafile['outputs'][string]['imports'] = [];

beforeAll(async () => {
  const result = await build({ ...bundleOptions, write: false, metafile: true, logLevel: 'silent' });
  text = result.outputFiles[0]?.text ?? '';
  imports = Object.values(result.metafile.outputs)[0]?.imports ?? [];
}, 120_000);

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

describe('the bundled server', () => {
  it('imports the heavy libraries only when first used', () => {
    const atStart = new Set(
      imports.filter((i) => i.kind === 'import-statement').map((i) => packageOf(i.path)),
    );
    const onFirstUse = new Set(
      imports.filter((i) => i.kind === 'dynamic-import').map((i) => packageOf(i.path)),
    );
    // The probe sees what start does load: the embedded database, outside the bundle.
    expect(atStart).toContain('@electric-sql/pglite');
    for (const name of LAZY_PACKAGES) {
      expect(atStart, name).not.toContain(name);
      expect(onFirstUse, name).toContain(name);
    }
  });

  it('is Latin-1 throughout, so V8 holds its source in one byte a character', () => {
    const wide = [...text.matchAll(/[\u0100-\uffff]/g)].map((m) =>
      text.slice(Math.max(0, m.index - 40), m.index + 10),
    );
    expect(wide).toEqual([]);
    expect(text.length).toBeLessThan(4_500_000);
  });

  it('finds its files from one place: no module-relative paths that move once bundled', () => {
    // In an ES module __dirname does not exist; a bundled package reading it fails only at run time.
    expect(text).not.toMatch(/\b__dirname\b|\b__filename\b/);
    // import.meta.url only in the require shim and src/paths.ts, which sits where the bundle does.
    // The bundle has no whitespace, so each use is read with the code just before it.
    const uses = [...text.matchAll(/import\.meta\.url/g)].map((m) =>
      text.slice(Math.max(0, m.index - 40), m.index + 16),
    );
    expect(uses.length).toBeGreaterThan(0);
    expect(
      uses.filter(
        (use) => !use.includes('__createRequire(import.meta.url)') && !use.includes('serverPackage=new URL('),
      ),
    ).toEqual([]);
  });
});
