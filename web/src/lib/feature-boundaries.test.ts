import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The lint (eslint.config.js, `npm run lint:imports`) refuses an import from one feature into another, and one from
 * shared code into a feature, and lets a feature import itself and shared code. Each case lints a source text as if
 * it stood at the path given, with the project's own config.
 */

/** The web's own config (eslint.config.js), found from where the tests run (web/, as `npm test` runs them). */
const eslint = new ESLint();

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('the import boundaries lint', () => {
  it('refuses a feature importing another feature through @/', async () => {
    const found = await refusals(
      'src/features/archives/components/fixture.tsx',
      "import { formatWorked } from '@/features/work/utils/minutes';\nexport const Fixture = () => <p>{formatWorked(5)}</p>;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: '@\/features\/work\/utils\/minutes' .*does not import another feature/);
  });

  it('refuses the same through a relative path, a type import, a re-export, a lazy import and a module mock', async () => {
    const found = await refusals(
      'src/features/calendar/components/fixture.ts',
      [
        "import { leaveKeys } from '../../leaves/api/leaves';",
        "import type { Leave } from '@/features/leaves/api/leaves';",
        "export { LeavesPage } from '@/features/leaves/components/leaves-page';",
        "export const load = () => import('@/features/leaves/components/leaves-page');",
        "vi.mock('@/features/leaves/api/leaves', () => ({}));",
        'export const uses = (leave: Leave) => [leaveKeys, leave];',
      ].join('\n'),
    );
    expect(found).toHaveLength(5);
    expect(found.every((text) => /^no-restricted-(imports|syntax): .*(does not import another feature|never another feature)/.test(text))).toBe(true);
  });

  it('refuses shared code importing a feature', async () => {
    const fromLib = await refusals('src/lib/fixture.ts', "import { useLiveBreak } from '@/features/breaks/api/breaks';\nexport { useLiveBreak };\n");
    const fromComponents = await refusals('src/components/ui/fixture.tsx', "import { x } from '../../features/work/utils/guard';\nexport { x };\n");
    expect(fromLib).toEqual([expect.stringMatching(/^no-restricted-imports: .*Shared code does not import a feature/)]);
    expect(fromComponents).toEqual([expect.stringMatching(/^no-restricted-imports: .*Shared code does not import a feature/)]);
  });

  it('lets a feature import itself, shared code and packages', async () => {
    const found = await refusals(
      'src/features/archives/components/fixture.tsx',
      [
        "import { useState } from 'react';",
        "import { Card } from '@/components/ui/card';",
        "import { saveCsv } from '@/lib/download';",
        "import { formatWorked } from '@/lib/minutes';",
        "import { useReportSummary } from '@/features/archives/api/reports';",
        "import { ReportTable } from './report-table';",
        "import { dateRange } from '../utils/date-range';",
        "vi.mock('../api/reports');",
        "export const load = () => import('./report-table');",
        'export const Fixture = () => { const [n] = useState(0); return <Card>{formatWorked(n)}{String([saveCsv, useReportSummary, ReportTable, dateRange])}</Card>; };',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('lets the app put features together', async () => {
    const found = await refusals('src/app/routes/fixture.tsx', "export { ArchivesPage } from '@/features/archives/components/archives-page';\n");
    expect(found).toEqual([]);
  });
});
