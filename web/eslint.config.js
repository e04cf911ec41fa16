import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';

/*
 * One rule: the room each file lives in decides what it may import. A feature (src/features/<name>/) never imports
 * another feature, and shared code (src/lib, src/components, src/testing, src/config) never imports a feature; what
 * two features share moves down into lib/ or components/. Only the app (src/app) puts features together, and the
 * tests at the top of src/features/ that walk every feature's forms.
 *
 * A feature reaches outside its own folder through `@/` only: a relative import that climbs out of the feature
 * (`../../other/...` from a feature's subfolder, `../other/...` from its top) is refused, whatever it names.
 */

const FEATURES_DIR = fileURLToPath(new URL('./src/features', import.meta.url));
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const SOURCES = '**/*.{ts,tsx}';

const otherFeature = (name) => ({
  regex: `^@/features/(?!${escape(name)}(/|$))`,
  message: `A feature does not import another feature: move what both use into src/lib or src/components.`,
});

const climbsOut = (regex) => ({
  regex,
  message: `A feature reaches outside its folder through '@/' (src/lib, src/components), never another feature.`,
});

/** `import()` and `vi.mock()` name a module as a plain string: the same patterns, as syntax selectors. */
const CALLS_NAMING_A_MODULE = ":matches(ImportExpression > Literal.source, CallExpression[callee.object.name='vi'] > Literal.arguments:first-child)";

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'no-restricted-syntax': [
    'error',
    ...patterns.map(({ regex, message }) => ({ selector: `${CALLS_NAMING_A_MODULE}[value=/${regex.replaceAll('/', '\\/')}/]`, message })),
  ],
});

export default [
  { ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: [SOURCES],
    languageOptions: {
      parser: tsParser,
      parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/testing/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: restrict({
      regex: '^(@/|(\\.\\./)+)features(/|$)',
      message: 'Shared code does not import a feature: what a feature and shared code both use belongs in src/lib or src/components.',
    }),
  },
  ...features.flatMap((name) => [
    { files: [`src/features/${name}/**/*.{ts,tsx}`], rules: restrict(otherFeature(name), climbsOut('^\\.\\./\\.\\./')) },
    { files: [`src/features/${name}/*.{ts,tsx}`], rules: restrict(otherFeature(name), climbsOut('^\\.\\./')) },
  ]),
];
