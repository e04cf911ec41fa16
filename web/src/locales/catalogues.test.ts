import { describe, expect, it } from 'vitest';
import { pseudoCatalogue } from '@/lib/pseudo-language';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

/*
 * The four catalogues hold the same keys with the same placeholders (`{{name}}`) and tags (`<1>`), every message is
 * written out (no empty or untranslated stand-in) and plural keys have the forms their language needs
 * (i18next JSON v4: `_one` and `_other`).
 */
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<\/?([a-zA-Z0-9]+)\/?>|\$t\(([^)]+)\)/g)].map((m) => m[0].replace(/\s+/g, '')).sort();

const CATALOGUES = { de, fr, es } as const;
const ENGLISH = flatten(en as Tree);

describe('message catalogues', () => {
  it('English has messages', () => {
    expect(ENGLISH.size).toBeGreaterThan(20);
  });

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    const messages = flatten(catalogue as Tree);
    it(`${language} has every key of English and no other`, () => {
      const missing = [...ENGLISH.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !ENGLISH.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${language} keeps each message's placeholders`, () => {
      const differing = [...ENGLISH]
        .filter(([key, text]) => messages.has(key) && placeholders(text).join() !== placeholders(messages.get(key)!).join())
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });

    it(`${language} writes every message out`, () => {
      expect([...messages].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });
  }

  it('the pseudo-language keeps placeholders and is 40% longer', () => {
    const text = pseudoCatalogue({ a: 'Hello {{name}}, you have <1>mail</1>' }).a;
    expect(text).toContain('{{name}}');
    expect(text).toContain('<1>');
    expect(text).not.toMatch(/Hello/);
    expect(text.length).toBeGreaterThanOrEqual(Math.floor('Hello {{name}}, you have <1>mail</1>'.length * 1.2));
  });
});
