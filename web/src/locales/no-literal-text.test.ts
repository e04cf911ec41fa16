import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Every word the app shows comes from the catalogues (src/locales/<language>.json). This check parses every
 * component and fails on user-visible text written in it: JSX text with a letter in it, a string literal (or a
 * template with words) given to a user-visible attribute (aria-label, title, placeholder, alt, label, ...) or as a
 * JSX expression child, and the text of a toast or confirmation (`toast.success('Saved')`). Proper names that are
 * the same in every language (Breaktime, Break Buddy, GitHub, Google) are allowed.
 */
const SOURCES = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**', '!/src/lib/api-types.ts', '!/src/lib/api-rules.ts', '!/src/**/*.d.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** Attributes whose value a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'description',
  'emptyText',
  'emptyMessage',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'heading',
  'message',
  'caption',
  'legend',
]);

/** Calls whose first argument is shown: toasts. */
const VISIBLE_CALLS = new Set(['success', 'error', 'info', 'warning', 'show', 'notify']);

/** zod checks whose second argument is the message a field shows (`z.string().min(1, 'Title is required.')`). */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'email',
  'url',
  'refine',
  'nonempty',
  'startsWith',
  'endsWith',
  'includes',
  'gte',
  'lte',
  'int',
  'positive',
]);

/** Words that are not translated. */
const PROPER =
  /^(Breaktime|Break Buddy|GitHub|Google|OK|PDF|CSV|iCalendar|ICS|URL|API|E-?mail|Webhooks?|Android|iOS|English|Deutsch|Français|Español|[A-Z]{2,5})$/;

/** Text with a letter in it that is not only a proper name, punctuation, a number or a symbol. */
export function isWording(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  const words = trimmed
    .replace(/Break Buddy/g, ' ')
    .replace(/[^\p{L}\s-]+/gu, ' ')
    .trim();
  if (!words) return false;
  return !words.split(/\s+/).every((word) => PROPER.test(word) || word.length === 1);
}

export function literalTexts(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree));
    found.push(`${file}:${line + 1}: ${JSON.stringify(text.replace(/\s+/g, ' ').trim())}`);
  };
  const textOf = (node: ts.Node | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    if (ts.isJsxExpression(node)) return textOf(node.expression);
    if (ts.isConditionalExpression(node)) return [textOf(node.whenTrue), textOf(node.whenFalse)].filter(Boolean).join(' ') || undefined;
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
        node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    )
      return textOf(node.right);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWording(node.text)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(tree))) {
      const text = textOf(node.initializer);
      if (text !== undefined && isWording(text)) report(node, text);
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = textOf(node);
      if (text !== undefined && isWording(text)) report(node, text);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && VISIBLE_CALLS.has(node.expression.name.text)) {
      const target = node.expression.expression.getText(tree);
      const text = textOf(node.arguments[0]);
      if (/toast|notify|alert/i.test(target) && text !== undefined && isWording(text)) report(node, text);
      if (ZOD_CHECKS.has(node.expression.name.text)) {
        for (const argument of node.arguments.slice(node.expression.name.text === 'email' || node.expression.name.text === 'int' ? 0 : 1)) {
          const message = textOf(argument);
          if (message !== undefined && isWording(message)) report(argument, message);
        }
      }
    } else if (ts.isPropertyAssignment(node) && /^(message|error|title|description|label)$/.test(node.name.getText(tree))) {
      const text = textOf(node.initializer);
      if (text !== undefined && isWording(text) && /\s/.test(text.trim())) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/**
 * Components not moved to the catalogues yet. The list only shrinks: a file that is clean fails the test until it is
 * taken off, and a new file is never on it.
 */
const NOT_YET: readonly string[] = [];

describe('user-visible text comes from the catalogues', () => {
  const results = Object.entries(SOURCES).map(([file, source]) => [file, literalTexts(file, source)] as const);

  it('finds literal text (the check itself)', () => {
    const sample = `export const A = () => <button aria-label="Close the panel" title={'Open ' + x}>Save changes {'Later'}</button>;
      toast.success('Saved the break');`;
    expect(literalTexts('/sample.tsx', sample)).toHaveLength(4);
    expect(literalTexts('/ok.tsx', `export const B = () => <p aria-label={t('a.b')}>{t('c')} · 12 Breaktime</p>;`)).toEqual([]);
  });

  it('no component writes its text itself', () => {
    const offending = results.filter(([file, found]) => found.length > 0 && !NOT_YET.includes(file)).flatMap(([, found]) => found);
    expect(offending).toEqual([]);
  });

  it('the list of components not moved yet only shrinks', () => {
    const clean = results.filter(([file, found]) => found.length === 0 && NOT_YET.includes(file)).map(([file]) => file);
    expect(clean).toEqual([]);
  });
});
