import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { saveCsv } from '@/lib/download';
import { useTeamMembers } from '@/lib/team-members';
import { errorMessage } from '@/lib/api-error';
import { dateFormat, todayIso } from '@/lib/format';
import { AUDIT_ACTIONS, fetchAuditCsv, useAuditLog, type AuditEntry, type AuditFilter } from '../api/audit';

const NO_FILTER: AuditFilter = { from: '', to: '', userId: '', action: '' };

/** An action's catalogue key (`member.invited` → `audit.actions.member_invited`). */
export const actionKey = (action: string) => `audit.actions.${action.replace('.', '_')}`;

/** When, in the reader's language and time zone: date and time to the minute. */
function when(at: string): string {
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}

/** A setting or record as the log kept it, pretty-printed. */
function Shown({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <p className="text-slate-600 italic dark:text-slate-400">{t('audit.nothing')}</p>;
  return (
    <pre translate="no" className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs break-words whitespace-pre-wrap dark:bg-slate-800">
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/**
 * Who acted, by account: the display name they had then and their account's e-mail address. A name is chosen by its
 * bearer (two people may share one); the address tells them apart.
 */
export function actorLabel(entry: Pick<AuditEntry, 'actorName' | 'actorEmail'>): string {
  return entry.actorEmail ? `${entry.actorName} (${entry.actorEmail})` : entry.actorName;
}

function EntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const action = t(actionKey(entry.action), { defaultValue: entry.action });
  const hasChange = entry.before !== null || entry.after !== null;
  const actor = actorLabel(entry);
  return (
    <li className="space-y-1 py-3" aria-label={`${action}, ${actor}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium">{action}</p>
        <time dateTime={entry.at} className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
          {when(entry.at)}
        </time>
      </div>
      <p className="text-sm">
        {entry.subjectName && entry.subjectId !== entry.actorId ? t('audit.byAbout', { actor, subject: entry.subjectName }) : t('audit.by', { actor })}
      </p>
      {entry.summary && (
        <p translate="no" className="text-sm break-words text-slate-700 dark:text-slate-300">
          {entry.summary}
        </p>
      )}
      {hasChange && (
        <details className="text-sm">
          <summary className="flex min-h-11 cursor-pointer items-center text-brand-700 dark:text-brand-300">{t('audit.change')}</summary>
          <div className="grid gap-2 md:grid-cols-2">
            <div>
              <p className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{t('audit.before')}</p>
              <Shown value={entry.before} />
            </div>
            <div>
              <p className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{t('audit.after')}</p>
              <Shown value={entry.after} />
            </div>
          </div>
        </details>
      )}
    </li>
  );
}

/**
 * The team's audit log, for admins (in the Admin Panel): who changed what and when, newest first, filtered by
 * range, person and action, fifty at a time with "Show more", and the whole filtered log as CSV.
 */
export function AuditLogSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const { members } = useTeamMembers();
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const { data, error, isLoading, size, setSize, isValidating } = useAuditLog(filter);
  const [downloading, setDownloading] = useState(false);
  const entries = (data ?? []).flatMap((page) => page.entries);
  const more = Boolean(data?.[data.length - 1]?.nextCursor);
  const loadingMore = isValidating && data !== undefined && size > data.length;
  const set = (change: Partial<AuditFilter>) => setFilter((current) => ({ ...current, ...change }));

  const download = async () => {
    setDownloading(true);
    try {
      saveCsv(await fetchAuditCsv(filter), `audit-log-${todayIso()}.csv`);
    } catch (failure) {
      toast.show({ title: t('audit.title'), message: errorMessage(failure, t('audit.downloadFailed')), variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('audit.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('audit.description')}</p>
        </div>
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? t('audit.preparing') : t('audit.download')}
        </Button>
      </div>
      <div role="group" aria-label={t('audit.filters')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <DateField label={t('audit.from')} value={filter.from} onChange={(from) => set({ from })} max={filter.to || undefined} strict />
        <DateField label={t('audit.to')} value={filter.to} onChange={(to) => set({ to })} min={filter.from || undefined} strict />
        <Select
          label={t('audit.person')}
          value={filter.userId}
          onChange={(event) => set({ userId: event.target.value })}
          placeholder={t('audit.everyone')}
          options={members.map((member) => ({ value: member.id, label: `${member.name} (${member.email})` }))}
        />
        <Select
          label={t('audit.action')}
          value={filter.action}
          onChange={(event) => set({ action: event.target.value })}
          placeholder={t('audit.allActions')}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(actionKey(action)) }))}
        />
      </div>
      {isLoading && !data ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('audit.loading')} />
        </div>
      ) : error && !data ? (
        <FormError>{errorMessage(error, t('audit.loadFailed'))}</FormError>
      ) : entries.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600 dark:text-slate-400">{t('audit.empty')}</p>
      ) : (
        <>
          <ol aria-label={t('audit.entries')} className="divide-y divide-slate-100 dark:divide-slate-800">
            {entries.map((entry) => (
              <EntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
          {more && (
            <div className="flex justify-center">
              <Button variant="secondary" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
                {loadingMore ? t('audit.loading') : t('audit.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
