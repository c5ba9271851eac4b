import { pathToFileURL } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { serverPackageDir } from '../paths.js';

/**
 * Bundles the server (src/main.ts and all it imports) into one file, dist/server.js, which
 * production and the browser tests run. Node loading some 500 ES modules one by one was the largest
 * part of the server's start (docs/performance.md, "Server start"); one file loads in about half the
 * time. Packages that read their own files or load native code at run time stay outside, and so do
 * the heavy ones loaded on first use, so they still load only then.
 */

/** Loaded on first use (a dynamic `import()`), never at start. */
export const LAZY_PACKAGES = ['exceljs', 'nodemailer', 'pdf-parse', 'pdfkit', 'sharp', 'web-push'];

const external = [
  ...LAZY_PACKAGES,
  '@electric-sql/pglite', // WebAssembly and data files next to its code
  'argon2', // native addon
  'pg-native', // pg's optional native driver, never installed
  '@fastify/swagger', // reads its own package.json by path
  '@fastify/swagger-ui', // serves the files of its own folder
  'pino', // starts its transports from files by path
];

export const bundleOptions: BuildOptions = {
  absWorkingDir: serverPackageDir,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Paths from import.meta.url live in src/paths.ts, at the same depth as dist/server.js.
  logLevel: 'warning',
  legalComments: 'none',
  // V8 keeps a script's whole source in memory, two bytes a character as soon as one character is
  // not Latin-1: the unminified bundle's comments (an em dash, an ellipsis) made its 5.6 MB an
  // 11 MB string. Without whitespace and comments it is 3.8 MB, one byte a character (the bundle
  // test keeps it so; write such characters as \u escapes in regular expressions and tagged
  // templates, which esbuild does not escape). Names are kept, so a stack trace still names its
  // functions (docs/performance.md, "Server start and memory").
  minifyWhitespace: true,
  // CommonJS packages inside the bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await build(bundleOptions);
