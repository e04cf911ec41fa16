import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { fetchComplianceCsv, RULE_KINDS, useComplianceReport, type ComplianceMember } from '@/lib/compliance';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { leaveReportQuery } from '../api/leave-report';
import type { DateRange } from '../utils/date-range';
import { saveCsv } from '@/lib/download';

/** A figure's cell: a column of the table on wide screens, a labelled figure of the member's card on a phone. */
const figureCell =
  'px-3 py-2 text-right tabular-nums max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-3 max-md:p-0 max-md:before:text-sm max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] dark:max-md:before:text-slate-400';

/** The findings of every member in the range, by day. */
function FindingsOf({ members }: { members: ComplianceMember[] }) {
  const { t } = useTranslation();
  const findings = members.flatMap((member) => member.findings.map((finding) => ({ ...finding, name: member.name, userId: member.userId })));
  if (findings.length === 0) return null;
  findings.sort((a, b) => a.when.localeCompare(b.when));
  return (
    <details className="rounded-lg border border-slate-200 dark:border-slate-700">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">
        {t('archives.compliance.findings', { count: findings.length })}
      </summary>
      <ul className="divide-y divide-slate-100 px-3 pb-2 text-sm dark:divide-slate-800">
        {findings.map((finding) => (
          <li key={`${finding.userId}-${finding.date}-${finding.rule}-${finding.when}`} className="py-2">
            <p>
              <span className="font-medium">{formatDate(finding.date)}</span>
              {members.length > 1 && <span className="text-slate-600 dark:text-slate-300"> · {finding.name}</span>}
            </p>
            <p>{finding.message}</p>
            {finding.law && (
              <p translate="no" className="text-xs text-slate-600 dark:text-slate-300">
                {finding.law}
              </p>
            )}
            {finding.note && <p className="text-xs break-words">{t('archives.compliance.note', { text: finding.note.text, name: finding.note.byName })}</p>}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * What the range broke of the team's break and rest rules, per member (members see their own, admins and HR the
 * team's): the findings by rule, the days affected and the total; a table on wide screens, a card per member on a
 * phone; the findings below, and the CSV.
 */
export function ComplianceSection({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { from, to } = leaveReportQuery(range);
  const { data, error, isLoading } = useComplianceReport(from, to);
  const [downloading, setDownloading] = useState(false);
  const title = t('archives.compliance.title');
  const members = data?.members ?? [];

  const download = async () => {
    setDownloading(true);
    try {
      saveCsv(await fetchComplianceCsv(from, to), `compliance-${from}-${to}.csv`);
    } catch (failure) {
      console.error('Downloading the compliance CSV failed', failure);
      toast.show({ title: t('archives.errors.title'), message: t('archives.errors.download'), variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('archives.compliance.description')}</p>
        </div>
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? t('archives.records.preparing') : t('archives.compliance.download')}
        </Button>
      </div>
      {error && !data ? (
        <FormError>{errorMessage(error, t('archives.compliance.loadError'))}</FormError>
      ) : isLoading && !data ? (
        <Spinner label={t('archives.compliance.loading')} />
      ) : !data || data.preset === 'none' ? (
        <p className="py-4 text-center text-sm text-slate-600 dark:text-slate-400">{t('archives.compliance.noRules')}</p>
      ) : members.every((member) => member.total === 0) ? (
        <p className="py-4 text-center text-sm text-slate-600 dark:text-slate-400">{t('archives.compliance.empty')}</p>
      ) : (
        <>
          <div className="relative -m-1 overflow-x-auto p-1">
            <table role="table" aria-label={title} className="w-full text-left text-sm max-md:block">
              <thead role="rowgroup" className="max-md:visually-hidden">
                <tr role="row" className="border-b border-slate-200 dark:border-slate-700">
                  <th role="columnheader" scope="col" className="px-3 py-2 font-semibold text-slate-600 dark:text-slate-300">
                    {t('archives.compliance.member')}
                  </th>
                  {RULE_KINDS.map((kind) => (
                    <th role="columnheader" key={kind} scope="col" className="px-3 py-2 text-right font-semibold text-slate-600 dark:text-slate-300">
                      {t(`work.rules.kinds.${kind}`)}
                    </th>
                  ))}
                  <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold text-slate-600 dark:text-slate-300">
                    {t('archives.compliance.daysAffected')}
                  </th>
                  <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold text-slate-600 dark:text-slate-300">
                    {t('archives.compliance.total')}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" className="max-md:block max-md:space-y-3">
                {members.map((member) => (
                  <tr
                    role="row"
                    key={member.userId}
                    className="border-b border-slate-100 max-md:grid max-md:gap-1 max-md:rounded-xl max-md:border-0 max-md:p-3 max-md:ring-1 max-md:ring-slate-200 dark:border-slate-800 max-md:dark:ring-slate-800"
                  >
                    <th role="rowheader" scope="row" className="px-3 py-2 font-semibold break-words max-md:p-0 max-md:text-base">
                      {member.name}
                    </th>
                    {RULE_KINDS.map((kind) => (
                      <td role="cell" key={kind} data-label={t(`work.rules.kinds.${kind}`)} className={figureCell}>
                        {member.counts[kind] ?? 0}
                      </td>
                    ))}
                    <td role="cell" data-label={t('archives.compliance.daysAffected')} className={figureCell}>
                      {member.daysAffected}
                    </td>
                    <td role="cell" data-label={t('archives.compliance.total')} className={cn(figureCell, 'font-semibold')}>
                      {member.total}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <FindingsOf members={members} />
        </>
      )}
    </Card>
  );
}
