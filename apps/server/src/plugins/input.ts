import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/problem.ts';

/**
 * Text that no column can hold: PostgreSQL's text type refuses U+0000, and a lone UTF-16 surrogate has no UTF-8
 * form (jsonb refuses its \u escape, text gets it silently replaced). One check for every route, before any schema
 * runs: path parameters, query string and parsed body, keys and values at any depth.
 */
/** With the u flag a surrogate pair is one code point; only an unpaired half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (lone surrogate)';
  return null;
}

interface Found {
  field: string;
  message: string;
}

/**
 * Walks without recursion (bodies may be nested thousands deep) and in linear time: each entry links to its
 * parent, and only a hit builds its dotted path.
 */
function findBadText(root: unknown, rootName: string): Found | null {
  interface Entry {
    value: unknown;
    key: string | null;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry | null, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let e = entry; e && e.key !== null; e = e.parent) keys.push(e.key);
    return keys.length ? keys.reverse().join('.') : rootName;
  };
  const stack: Entry[] = [{ value: root, key: null, parent: null }];
  while (stack.length) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { field: pathOf(entry), message };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: entry });
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const message = textProblem(key);
        if (message) return { field: pathOf(entry, key.replace(/[^\x20-\x7e]/g, '?')), message };
        stack.push({ value: inner, key, parent: entry });
      }
    }
  }
  return null;
}

export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findBadText(value, part);
      if (found)
        throw badRequest(`Invalid ${found.field}: ${found.message}`, [{ ...found, code: 'badText' }]);
    }
  });
});
