// The dependency patcher: each rewrite found by its text, applied once, and reported when a package changed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatches, PATCHED_PACKAGES, PGLITE_PATCHES, patchStatus } from './patch-dependencies.mjs';

const folders = [];
function distWith(files) {
  const folder = mkdtempSync(path.join(tmpdir(), 'package-dist-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const [first, second, ...rest] = PGLITE_PATCHES;

describe('the dependency patches', () => {
  it('are all in place in the installed PGlite and Drizzle (npm install applies them)', () => {
    expect(PATCHED_PACKAGES.map((pkg) => pkg.name)).toEqual(['PGlite', 'Drizzle']);
    const notApplied = PATCHED_PACKAGES.flatMap((pkg) =>
      patchStatus(pkg.patches, pkg.folder)
        .filter((patch) => patch.state !== 'applied')
        .map((patch) => `${pkg.name} ${patch.name}: ${patch.state}`),
    );
    expect(notApplied).toEqual([]);
  });

  it('rewrite each old text where they find it, in whichever chunk it sits, and only once', () => {
    const folder = distWith({
      'chunk-a.js': `import x;${first.from};export{}`,
      'chunk-b.js': rest.map((patch) => `/*${patch.name}*/${patch.from}`).join(';') + second.from,
      'notes.txt': first.from,
    });
    expect(patchStatus(PGLITE_PATCHES, folder).map((patch) => patch.state)).toEqual(
      PGLITE_PATCHES.map(() => 'pending'),
    );
    const after = applyPatches(PGLITE_PATCHES, folder);
    expect(after.map((patch) => patch.state)).toEqual(PGLITE_PATCHES.map(() => 'applied'));
    expect(readFileSync(path.join(folder, 'chunk-a.js'), 'utf8')).toBe(`import x;${first.to};export{}`);
    // A text that is not JavaScript is left alone.
    expect(readFileSync(path.join(folder, 'notes.txt'), 'utf8')).toBe(first.from);
    const once = readFileSync(path.join(folder, 'chunk-b.js'), 'utf8');
    applyPatches(PGLITE_PATCHES, folder);
    expect(readFileSync(path.join(folder, 'chunk-b.js'), 'utf8')).toBe(once);
  });

  it('name as missing what another version no longer has, or has twice, and change nothing', () => {
    const folder = distWith({
      'chunk-a.js': `${first.from}${first.from}`,
      'chunk-b.js': 'var unrelated=1',
    });
    const status = applyPatches(PGLITE_PATCHES, folder);
    expect(status.map((patch) => patch.state)).toEqual(PGLITE_PATCHES.map(() => 'missing'));
    expect(readFileSync(path.join(folder, 'chunk-a.js'), 'utf8')).toBe(`${first.from}${first.from}`);
  });
});
