import type { FieldError } from '@inspecta/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/errors.js';
import { isApiPath } from './error-handler.js';

/**
 * Text no column can store: U+0000, which PostgreSQL text cannot hold, or half of a UTF-16
 * surrogate pair, which is not Unicode at all (`u` makes a well-formed pair one code point, so only
 * a lone half matches).
 */
const LONE_SURROGATE = /\p{Cs}/u;

function problemWith(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text (it contains half of a surrogate pair)';
  return null;
}

/**
 * Every string and key in a parsed query, path or JSON body that no database column can store,
 * named by its dotted path (`address.city`, `units.0.answers.photo`). Walks without recursion so a
 * deeply nested body cannot exhaust the stack.
 */
function unstorableText(value: unknown, root = ''): FieldError[] {
  const problems: FieldError[] = [];
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      const message = problemWith(current);
      if (message) problems.push({ field: path, message });
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        pending.push([item, path ? `${path}.${i}` : String(i)]);
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const field = path ? `${path}.${key}` : key;
        const keyProblem = problemWith(key);
        if (keyProblem) problems.push({ field: path || 'body', message: `A field name: ${keyProblem}` });
        else pending.push([item, field]);
      }
    }
  }
  return problems.reverse();
}

const parts = ['params', 'query', 'body'] as const;

/**
 * One check before any route's own validation: text that PostgreSQL cannot store is a 400 naming
 * the field, whichever route, schema or column it was headed for, instead of a database error.
 */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      // The client's pages take any address: its router shows what it does not know.
      if (!isApiPath(request.url.split('?')[0] ?? '')) return;
      for (const part of parts) {
        const problems = unstorableText(request[part]);
        if (problems.length) {
          const names = [...new Set(problems.map((p) => p.field))];
          const where = part === 'body' ? '' : ` in the ${part === 'params' ? 'path' : 'query'}`;
          throw AppError.validation(problems, `Check these fields${where}: ${names.join(', ')}`);
        }
      }
    });
  },
  { name: 'text-input' },
);
