import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app's style sheets are global and, once a lazily loaded page has brought its own, stay in the document. A
 * class that two style sheets defined would look one way or the other depending on which page had been opened first
 * (it happened to `.vh-manage-form`, `.vh-manage-actions`, `.vh-amount` …). So every selector naming one of our
 * classes (`.vh-…`) is defined in one style sheet only; shared ones live in shell.css or a shared sheet.
 */
const SRC = join(import.meta.dirname, '..');

function styleSheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The selectors of a style sheet's rules (inside @media and @supports too), without comments. */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors: string[] = [];
  for (const match of text.matchAll(/([^{};]+)\{/g)) {
    const prelude = match[1]!.trim();
    if (prelude.startsWith('@')) continue;
    for (const part of prelude.split(',')) selectors.push(part.trim().replace(/\s+/g, ' '));
  }
  return selectors;
}

describe('style sheets', () => {
  it('reads the selectors of rules, also inside @media, and not the at-rules', () => {
    expect(
      selectorsOf(
        '/* .vh-x {} */ .vh-a, .vh-b  .c { color: red } @media (min-width: 1px) { .vh-a { top: 0 } }',
      ),
    ).toEqual(['.vh-a', '.vh-b .c', '.vh-a']);
  });

  it('define each of our classes’ selectors in one style sheet only', () => {
    const definedIn = new Map<string, Set<string>>();
    for (const file of styleSheets(SRC)) {
      for (const selector of selectorsOf(readFileSync(file, 'utf8'))) {
        if (!selector.includes('.vh-')) continue;
        const files = definedIn.get(selector) ?? new Set<string>();
        files.add(relative(SRC, file));
        definedIn.set(selector, files);
      }
    }
    expect(definedIn.size).toBeGreaterThan(100);
    const shared = [...definedIn]
      .filter(([, files]) => files.size > 1)
      .map(([s, files]) => `${s}: ${[...files].join(', ')}`);
    expect(shared).toEqual([]);
  });
});
