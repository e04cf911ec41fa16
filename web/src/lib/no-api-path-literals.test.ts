import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * No API path outside the typed layer (src/lib/api-paths.ts) is written by hand: every path of the document appears
 * only as a literal the compiler checks against the generated `paths`, i.e. as an argument of the typed client's
 * functions, and no path is put together from pieces (`/break/edit/${id}`, '/task/' + id). This test parses every
 * source file (tests and the generated types aside) and lists each string or template that is, or begins, one of
 * the document's paths anywhere else.
 */

/** The app's source files, tests and their helpers aside, by path (`/src/...`). */
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**', '!/src/lib/api-types.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const API_TYPES = import.meta.glob<string>('/src/lib/api-types.ts', { query: '?raw', import: 'default', eager: true })['/src/lib/api-types.ts'] ?? '';

/** Calls whose path arguments the compiler checks against `paths` (src/lib/api-paths.ts, api-client.ts, http.ts). */
const TYPED_METHODS: Record<string, readonly string[]> = {
  api: ['get', 'post', 'put', 'del'],
  httpApi: ['get', 'post', 'put', 'del'],
  apiWrite: ['post', 'put', 'del'],
};
const TYPED_FUNCTIONS = new Set(['apiKey', 'keyUnder', 'keyIn', 'mainApiUrl']);

/** The paths of the generated document, read from `api-types.ts` (`export interface paths { '/break/add': ... }`). */
function documentPaths(): string[] {
  const file = ts.createSourceFile('api-types.ts', API_TYPES, ts.ScriptTarget.Latest);
  const found: string[] = [];
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'paths') {
      for (const member of node.members) if (member.name && ts.isStringLiteral(member.name)) found.push(member.name.text);
    }
  });
  return found;
}

const PATHS = documentPaths();
const SEGMENTS = PATHS.map((path) => path.split('/').slice(1));
/** Each path with its parameters filled in, for matching templates. */
const SAMPLES = PATHS.map((path) => path.replace(/\{[^}]+\}/g, 'p1'));

const segmentMatches = (written: string, templated: string) => written === templated || (/^\{.+\}$/.test(templated) && written !== '');

/** A path of the document (`/break/edit/01J...`), or the start of one at a `/` (`/break/`, `/break/edit/`). */
function isApiPathText(text: string): boolean {
  const path = text.replace(/[?#].*$/, '');
  if (!path.startsWith('/') || path.length < 2) return false;
  const written = path.split('/').slice(1);
  const prefix = path.endsWith('/');
  if (prefix) written.pop();
  return SEGMENTS.some(
    (segments) =>
      (prefix ? written.length < segments.length : written.length === segments.length) &&
      written.every((segment, index) => segmentMatches(segment, segments[index]!)),
  );
}

/** A template that can produce a path of the document: `/leaves/${decision}/${id}`. */
function isApiPathTemplate(template: ts.TemplateExpression): boolean {
  if (!template.head.text.startsWith('/')) return false;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escape(template.head.text)}${template.templateSpans.map((span) => `.+${escape(span.literal.text)}`).join('')}([?#].*)?$`);
  return SAMPLES.some((sample) => pattern.test(sample) || pattern.test(`${sample}/`));
}

/** Whether a literal is an argument of a typed call (directly, in an array, or as a branch of a conditional). */
function inTypedPosition(node: ts.Node): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isArrayLiteralExpression(parent) || (ts.isConditionalExpression(parent) && parent.condition !== child)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isLiteralTypeNode(parent)) return true;
  if (!ts.isCallExpression(parent) || !parent.arguments.includes(child as ts.Expression)) return false;
  const callee = parent.expression;
  if (ts.isIdentifier(callee)) return TYPED_FUNCTIONS.has(callee.text);
  return (
    ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && (TYPED_METHODS[callee.expression.text]?.includes(callee.name.text) ?? false)
  );
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Every hand-written API path of a source text. */
function findApiPathLiterals(fileName: string, text: string): Finding[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node) => {
    findings.push({ file: fileName, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file) });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isApiPathText(node.text) && !inTypedPosition(node)) report(node);
    else if (ts.isTemplateExpression(node) && isApiPathTemplate(node)) report(node);
    node.forEachChild(visit);
  };
  visit(file);
  return findings;
}

describe('API paths', () => {
  it('are read from the generated document', () => {
    expect(PATHS).toContain('/break/add');
    expect(PATHS).toContain('/break/edit/{id}');
  });

  it('are found wherever they are written by hand or put together', () => {
    const planted = [
      'api.get(`/break/get/${id}`);',
      "const key = '/break/current';",
      "api.post('/leaves/' + decision + '/' + id);",
      'api.post(`/leaves/${decision}/${id}`, body);',
      'fetch(mainApiUrl(`/auth/${provider}`));',
      "useSWR(['/task/list', query]);",
      "sendOrQueue({ method: 'PUT', path: '/task/edit/01HZX3Y8Q2W5E7R9T1V3B5N7M9' });",
      "keys.some((key) => key.startsWith('/meeting/'));",
      "<a href='/calendar/feeds'>feeds</a>;",
    ];
    for (const line of planted) expect(findApiPathLiterals('planted.tsx', line), line).toHaveLength(1);
  });

  it('leave the typed calls, the app’s own routes and other text alone', () => {
    const fine = [
      "api.get('/break/todayBreaks', { query: { todayCreatedDate: day } });",
      "api.put('/break/edit/{id}', { params: { id }, body });",
      "httpApi.post('/auth/refresh-token', { body });",
      "apiWrite.del('/task/delete/{id}', { params: { id } });",
      "apiKey('/user/profile');",
      "keyUnder(key, '/task/') || keyIn(key, ['/admin/onBreak', '/admin/get']);",
      "mainApiUrl(provider === 'github' ? '/auth/github' : '/auth/google');",
      "type Q = Query<'/task/list', 'get'>;",
      "navigate('/leaves/requests'); navigate('/calendar#subscribe'); navigate('/leaves');",
      'const day = `${d}/${m}/${y}`;',
    ];
    for (const line of fine) expect(findApiPathLiterals('fine.tsx', line), line).toEqual([]);
  });

  it('appear in src/ only as the typed layer’s arguments', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const findings = Object.entries(SOURCES).flatMap(([path, text]) => findApiPathLiterals(path, text));
    expect(findings.map(({ file, line, text }) => `${file}:${line}: ${text}`)).toEqual([]);
  });
});
