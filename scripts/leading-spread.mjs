// Finds object literals that start with a spread and go on (`{ ...row, count }`, `{ ...a, ...b }`)
// inside functions: on Node 20's V8 such an object survives every young-generation collection with
// all it references, so the server writes them `withFields(row, { count })`
// (apps/server/src/core/with-fields.ts, docs/decisions/0010-no-leading-spread.md). Literals at a
// module's top level run once and are left alone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const insideFunction = (node) => {
  for (let parent = node.parent; parent; parent = parent.parent) if (ts.isFunctionLike(parent)) return true;
  return false;
};

/** `file:line` of each such literal in one file's text. */
export function leadingSpreads(text, file = 'file.ts') {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.length > 1 &&
      ts.isSpreadAssignment(node.properties[0]) &&
      insideFunction(node)
    )
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every such literal in the TypeScript files under `folder`, tests excluded. */
export function leadingSpreadsUnder(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) found.push(...leadingSpreadsUnder(file));
    else if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
      found.push(...leadingSpreads(readFileSync(file, 'utf8'), file));
  }
  return found;
}
