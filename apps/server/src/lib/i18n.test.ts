import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { hasText, languageOf, render } from './i18n.ts';

/** Every leaf key of a locale file, dotted. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('server texts', () => {
  it('has every key in both languages', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('has the text of every problem code the server throws or sends', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const codes = new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      // problem(404, 'event.notFound'), sendCodedProblem(reply, 404, 'route.notFound'), new HttpProblem(…, { code: '…' })
      for (const m of text.matchAll(/\b(?:problem|sendCodedProblem)\(\s*(?:reply,\s*)?\d+,\s*'([\w.]+)'/g))
        codes.add(m[1]!);
      for (const m of text.matchAll(/new HttpProblem\([^;]*?\bcode: '([\w.]+)'/gs)) codes.add(m[1]!);
    }
    expect(codes.size).toBeGreaterThan(50);
    expect([...codes].filter((code) => !hasText(`problem.${code}`))).toEqual([]);
  });

  it.each([
    [undefined, 'de'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr-FR, en;q=0.5, de;q=0.4', 'en'],
    ['de-AT', 'de'],
    ['fr', 'de'],
    ['*', 'de'],
  ])('reads Accept-Language %o as %s', (header, expected) => {
    expect(languageOf({ headers: { 'accept-language': header } })).toBe(expected);
  });

  it('renders nested labels and formats amounts and dates per language', () => {
    const text = {
      key: 'log.item.created',
      params: {
        kind: { key: 'log.kind.medicalinformation' },
        item: {
          key: 'log.describe.medical',
          params: { type: { key: 'log.value.medicalinformation.type.allergy' }, name: 'Wespengift' },
        },
      },
    };
    expect(render('de', text)).toBe('Medizinische Information angelegt: Allergie: Wespengift');
    expect(render('en', text)).toBe('Medical information added: Allergy: Wespengift');
    const invoice = {
      key: 'message.invoiceIssued.body',
      params: { club: 'TSV', amount: 120, due: '2027-01-15' },
    };
    expect(render('de', invoice).replace(/\s/g, ' ')).toBe(
      'TSV hat dir eine Rechnung über 120,00 € gestellt. Zahlbar bis zum 15. Januar.',
    );
    expect(render('en', invoice)).toBe('TSV sent you an invoice for €120.00, due on January 15.');
  });
});
