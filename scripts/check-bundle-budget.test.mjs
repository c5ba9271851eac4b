// The budget check's walk over the Vite manifest: static imports are followed, lazy ones are not.
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jsFilesFor, measureBudgets, missingPrecompressed } from './check-bundle-budget.mjs';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/login.tsx', 'src/home.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/login.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_shared.js', 'index.html'] },
  'src/home.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/charts.tsx'],
  },
  'src/charts.tsx': { file: 'assets/charts.js', isDynamicEntry: true, imports: ['_big.js'] },
  '_big.js': { file: 'assets/big.js' },
  '_styles.css': { file: 'assets/styles.css' },
};

describe('jsFilesFor', () => {
  it('follows static imports transitively, once each, through cycles back to the entry', () => {
    expect(jsFilesFor(manifest, ['index.html', 'src/login.tsx'])).toEqual([
      'assets/index.js',
      'assets/login.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
  });

  it('leaves out what a route loads lazily (dynamic imports)', () => {
    const files = jsFilesFor(manifest, ['index.html', 'src/home.tsx']);
    expect(files).toContain('assets/home.js');
    expect(files).not.toContain('assets/charts.js');
    expect(files).not.toContain('assets/big.js');
  });

  it('counts JavaScript only', () => {
    expect(jsFilesFor(manifest, ['_styles.css', '_react.js'])).toEqual(['assets/react.js']);
  });

  it('fails on a module the manifest does not have (a renamed route must not pass unmeasured)', () => {
    expect(() => jsFilesFor(manifest, ['src/gone.tsx'])).toThrow(/src\/gone.tsx/);
  });
});

describe('measureBudgets', () => {
  const content = (file) => Buffer.from(`/* ${file} */ ${'export const x = 1;'.repeat(file.length * 20)}`);

  it('adds up the brotli size of every file and compares it with the budget', () => {
    const [within, over] = measureBudgets(manifest, content, [
      { name: 'login', modules: ['src/login.tsx'], budget: 100_000 },
      { name: 'home', modules: ['src/home.tsx'], budget: 10 },
    ]);
    const expected = ['assets/index.js', 'assets/login.js', 'assets/react.js', 'assets/shared.js']
      .map((file) => brotliCompressSync(content(file)).length)
      .reduce((a, b) => a + b, 0);
    expect(within.brotli).toBe(expected);
    expect(within.raw).toBe(within.files.map((file) => content(file).length).reduce((a, b) => a + b, 0));
    expect(within.ok).toBe(true);
    expect(over.ok).toBe(false);
  });
});

describe('missingPrecompressed', () => {
  it('names every JS and CSS file without its .br or .gz copy', () => {
    const written = new Set(['assets/index.js.br', 'assets/index.js.gz', 'assets/index.css.br']);
    const missing = missingPrecompressed(manifest, (file) => written.has(file));
    expect(missing).toContain('assets/index.css.gz');
    expect(missing).toContain('assets/login.js.br');
    expect(missing).not.toContain('assets/index.js.br');
    expect(missing).not.toContain('assets/index.js.gz');
  });
});
