// Rewrites a few spots of two dependencies' JavaScript that allocate or keep garbage on every
// statement: PGlite's bundled protocol code, which on Node 20's V8 kept a statement's garbage alive
// through young-generation collections (docs/decisions/0007-pglite-patches.md), and the row
// decoding of PGlite and Drizzle, which made garbage per column of every row read
// (docs/decisions/0009-row-decoding-patches.md). Each rewrite keeps the behaviour and only changes
// how it is written. Node built-ins only: it runs as npm's postinstall and before every script that
// needs node_modules. Idempotent.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `from` must occur exactly once in the package folder's top-level .js files (PGlite's chunk names
 * are content hashes, so the file is found by its text); `to` is what replaces it.
 */
export const PGLITE_PATCHES = [
  {
    name: 'mutex-native-async',
    why: "async-mutex's runExclusive, compiled to a generator driven by __awaiter, runs around every query",
    from: 'runExclusive(t,r=1){return rt(this,void 0,void 0,function*(){let[_,n]=yield this.acquire(r);try{return yield t(_)}finally{n()}})}',
    to: 'async runExclusive(t,r=1){let[_,n]=await this.acquire(r);try{return await t(_)}finally{n()}}',
  },
  {
    name: 'writer-offset-increment',
    why: 'the protocol writer\'s "#offset++" compiled to an object literal with a getter and a setter, per string written',
    from: 'r(this,g).setUint8(r(this,b),0),re(this,b)._++,this}',
    to: 'r(this,g).setUint8(r(this,b),0),d(this,b,r(this,b)+1),this}',
  },
  {
    name: 'reader-offset-increment',
    why: 'the protocol reader\'s "#offset++" compiled the same way, per byte read',
    from: 'byte(){let t=r(this,x).getUint8(r(this,w));return re(this,w)._++,t}',
    to: 'byte(){let t=r(this,x).getUint8(r(this,w));return d(this,w,r(this,w)+1),t}',
  },
  {
    name: 'result-without-spread',
    why: 'each result set is built as { ...rows and fields, command, affectedRows }',
    from: 'let fe={...a,command:C,affectedRows:u};',
    to: 'let fe=Object.assign({},a,{command:C,affectedRows:u});',
  },
  {
    name: 'protocol-options-without-spread',
    why: 'each of the six protocol messages of a query copies its options as { ...options, syncToFs: false }',
    from: 'u=async function(s,e={}){return await this.execProtocolStream(s,{...e,syncToFs:!1})}',
    to: 'u=async function(s,e={}){return await this.execProtocolStream(s,Object.assign({},e,{syncToFs:!1}))}',
  },
  {
    // `closed` becomes a plain property, set wherever the transaction closes, instead of a getter.
    name: 'transaction-closed-property',
    why: 'each transaction object is an object literal with a getter (get closed)',
    from: 'rollback:async()=>{r(),await a(this,t,m).call(this,"ROLLBACK"),e=!0},listen:async(i,n)=>(r(),await this.listen(i,n,c)),get closed(){return e}};try{let i=await s(c);if(!e){e=!0;let[n]=await a(this,t,m).call(this,"COMMIT");if(n.command==="ROLLBACK")throw P({e:new x,query:"COMMIT",params:void 0,options:void 0})}return w(this,p,!1),i}catch(i){throw e||(e=!0,await',
    to: 'rollback:async()=>{r(),await a(this,t,m).call(this,"ROLLBACK"),e=c.closed=!0},listen:async(i,n)=>(r(),await this.listen(i,n,c)),closed:!1};try{let i=await s(c);if(!e){e=c.closed=!0;let[n]=await a(this,t,m).call(this,"COMMIT");if(n.command==="ROLLBACK")throw P({e:new x,query:"COMMIT",params:void 0,options:void 0})}return w(this,p,!1),i}catch(i){throw e||(e=c.closed=!0,await',
  },
  {
    name: 'text-field-without-copy',
    why: 'the protocol reader decodes each text field of a row from a copy of its bytes (ArrayBuffer.slice), one buffer per column per row',
    from: 'string(t){return r(this,le).decode(this.bytes(t))}',
    to: 'string(t){let n=r(this,w);return d(this,w,n+t),r(this,le).decode(new Uint8Array(r(this,x).buffer,n,t))}',
    decision: 'docs/decisions/0009-row-decoding-patches.md',
  },
];

/** Drizzle's row decoding (drizzle-orm 0.45). */
export const DRIZZLE_PATCHES = [
  {
    name: 'row-mapping-index-loop',
    why: "mapResultRow walks each column's path with path.entries(): an iterator and an entry array per column of every row",
    from: `      for (const [pathChunkIndex, pathChunk] of path.entries()) {
        if (pathChunkIndex < path.length - 1) {`,
    to: `      for (let pathChunkIndex = 0; pathChunkIndex < path.length; pathChunkIndex++) {
        const pathChunk = path[pathChunkIndex];
        if (pathChunkIndex < path.length - 1) {`,
  },
];

/** The patched packages: where their files are, and the decision that explains them. */
export const PATCHED_PACKAGES = [
  {
    name: 'PGlite',
    folder: path.join(root, 'node_modules', '@electric-sql', 'pglite', 'dist'),
    patches: PGLITE_PATCHES,
    decision: 'docs/decisions/0007-pglite-patches.md',
  },
  {
    name: 'Drizzle',
    folder: path.join(root, 'node_modules', 'drizzle-orm'),
    patches: DRIZZLE_PATCHES,
    decision: 'docs/decisions/0009-row-decoding-patches.md',
  },
];

const count = (text, part) => text.split(part).length - 1;

/**
 * Where each patch stands: `applied` (its new text is there), `pending` (its old text is there,
 * once) or `missing` (neither: another version of the package, whose code must be read again).
 */
export function patchStatus(patches, folder) {
  if (!existsSync(folder)) return patches.map((patch) => ({ ...patch, state: 'missing', file: undefined }));
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(path.join(folder, file), 'utf8') }));
  return patches.map((patch) => {
    const withOld = files.filter(({ text }) => count(text, patch.from) === 1);
    const withNew = files.filter(({ text }) => text.includes(patch.to));
    if (withNew.length > 0 && withOld.length === 0)
      return { ...patch, state: 'applied', file: withNew[0]?.file };
    if (withOld.length === 1 && withNew.length === 0)
      return { ...patch, state: 'pending', file: withOld[0]?.file };
    return { ...patch, state: 'missing', file: undefined };
  });
}

/** Applies the pending patches; returns the status after. Never throws for a missing one. */
export function applyPatches(patches, folder) {
  for (const patch of patchStatus(patches, folder)) {
    if (patch.state !== 'pending' || !patch.file) continue;
    const file = path.join(folder, patch.file);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(patch.from, () => patch.to),
    );
  }
  return patchStatus(patches, folder);
}

/** Applies every package's pending patches; returns each package with its patches' status. */
export function applyDependencyPatches() {
  return PATCHED_PACKAGES.map((pkg) => ({ ...pkg, status: applyPatches(pkg.patches, pkg.folder) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const packages = applyDependencyPatches();
  const inPlace = packages.map(({ name, status }) => {
    const applied = status.filter((patch) => patch.state !== 'missing').length;
    return `${name} ${applied} of ${status.length}`;
  });
  console.log(`Dependency patches in place: ${inPlace.join(', ')}`);
  // An install never fails on this: the patch tests name what no longer matches.
  for (const { status, decision } of packages)
    for (const patch of status.filter((p) => p.state === 'missing'))
      console.warn(`  not found: ${patch.name} (${patch.why}); see ${patch.decision ?? decision}`);
}
