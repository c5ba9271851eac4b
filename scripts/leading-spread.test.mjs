// The server builds no object that starts with a spread and goes on (scripts/leading-spread.mjs), and
// the reason still holds on this Node: such objects outlive young-generation collections.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leadingSpreads, leadingSpreadsUnder } from './leading-spread.mjs';
import { root } from './lib.mjs';

describe('objects that start with a spread', () => {
  it('are not built anywhere in the server or the contract (withFields instead)', () => {
    const found = ['apps/server/src', 'packages/contract/src'].flatMap((folder) =>
      leadingSpreadsUnder(path.join(root, folder)).map((hit) => path.relative(root, hit)),
    );
    expect(found).toEqual([]);
  });

  it('are found inside functions, and the shapes that die young are left alone', () => {
    const text = [
      'const once = { ...defaults, level: 1 };',
      'function a(row) { return { ...row, count: 1 }; }',
      'const b = (x, y) => ({ ...x, ...y });',
      'const c = (x) => ({ count: 1, ...x });',
      'const d = (x) => ({ ...x });',
      'const e = ({ id, ...rest }) => withFields(rest, { id: String(id) });',
      'class F { g(x) { return [{ ...x, ...(x.y ? { y: 1 } : {}) }]; } }',
    ].join('\n');
    expect(leadingSpreads(text, 'sample.ts')).toEqual(['sample.ts:2', 'sample.ts:3', 'sample.ts:7']);
  });

  // If this fails, this Node's V8 no longer keeps them: the rule and withFields can go (decision 0010).
  it('outlive young-generation collections on this Node, where Object.assign copies do not', () => {
    const promotedPerScavenge = (build) => {
      const script = `
        const row = () => { const o = {}; for (let i = 0; i < 25; i++) o['k' + i] = 'v' + i; return o; };
        let size = 0;
        for (let turn = 0; turn < 1500; turn++) {
          const rows = [];
          for (let i = 0; i < 20; i++) { const r = row(); rows.push(${build}); }
          size += JSON.stringify(rows).length;
          await new Promise((resolve) => setImmediate(resolve));
        }`;
      const run = spawnSync(
        process.execPath,
        ['--max-semi-space-size=8', '--trace-gc-nvp', '--input-type=module', '-e', script],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      const promoted = run.stdout
        .split('\n')
        .filter((line) => line.includes('gc=s '))
        .map((line) => Number(/ promoted=(\d+)/.exec(line)?.[1]))
        .sort((a, b) => a - b);
      expect(promoted.length).toBeGreaterThan(3);
      return promoted[Math.floor(promoted.length / 2)];
    };
    // The median scavenge: about 500 KB of rows kept against none (measured 2026-12-01, Node 20.20).
    expect(promotedPerScavenge('{ ...r, count: i }')).toBeGreaterThan(200 * 1024);
    expect(promotedPerScavenge('Object.assign({}, r, { count: i })')).toBeLessThan(16 * 1024);
  });
});
