import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatTime } from '@/lib/format';
import { useTeamRole } from '@/lib/team-role';
import {
  commitImport,
  downloadExport,
  IMPORT_SOURCES,
  MAX_IMPORT_BYTES,
  previewImport,
  type ImportOutcome,
  type ImportPreview,
  type ImportSource,
} from '../api/transfer';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
      {children}
    </Card>
  );
}

function DownloadButton({ scope, label }: { scope: 'mine' | 'team'; label: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await downloadExport(scope);
    } catch (e) {
      setError(errorMessage(e, t('dataTransfer.download.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button onClick={() => void download()} disabled={busy}>
        {busy ? t('dataTransfer.download.preparing') : label}
      </Button>
      {error && <FormError>{error}</FormError>}
    </div>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" aria-live="polite">
      <p className="text-sm">
        {t('dataTransfer.import.summary', { rows: preview.rows, understood: preview.understood, refused: preview.refused.length, skipped: preview.skipped })}
      </p>
      <p className="text-sm font-medium">
        {t('dataTransfer.import.willCreate', { work: preview.create.work, breaks: preview.create.breaks, leaves: preview.create.leaves })}
      </p>
      {preview.refused.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">{t('dataTransfer.import.refusedTitle')}</h3>
          <ul className="mt-1 space-y-1 text-sm text-red-700 dark:text-red-400">
            {preview.refused.map((r) => (
              <li key={`${r.row}-${r.reason}`}>{t('dataTransfer.import.refusedRow', { row: r.row, reason: r.reason })}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="visually-hidden">{t('dataTransfer.import.itemsCaption')}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th className="py-1 pr-2">{t('dataTransfer.import.columns.row')}</th>
                <th className="py-1 pr-2">{t('dataTransfer.import.columns.kind')}</th>
                <th className="py-1 pr-2">{t('dataTransfer.import.columns.date')}</th>
                <th className="hidden py-1 pr-2 sm:table-cell">{t('dataTransfer.import.columns.time')}</th>
                <th className="py-1">{t('dataTransfer.import.columns.label')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.items.map((item) => (
                <tr key={item.row} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-2">{item.row}</td>
                  <td className="py-1 pr-2">{t(`dataTransfer.import.kinds.${item.kind}`)}</td>
                  <td className="py-1 pr-2">{formatDate(item.date)}</td>
                  {/* A leave has no times: its `end` is its last day. */}
                  <td className="hidden py-1 pr-2 sm:table-cell">{item.start ? `${formatTime(item.start)}–${formatTime(item.end)}` : formatDate(item.end)}</td>
                  <td className="py-1 break-words">{item.label || item.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ImportForm() {
  const { t } = useTranslation();
  const [source, setSource] = useState<ImportSource>('generic');
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [outcome, setOutcome] = useState<ImportOutcome>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setPreview(undefined);
    setOutcome(undefined);
    setError(undefined);
  };
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await step();
    } catch (e) {
      setError(errorMessage(e, t('dataTransfer.import.failed')));
    } finally {
      setBusy(false);
    }
  };
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (!file) return setError(t('dataTransfer.import.chooseFile'));
    if (file.size > MAX_IMPORT_BYTES) return setError(t('dataTransfer.import.tooLarge'));
    void run(async () => setPreview(await previewImport(source, file)));
  };
  const onCommit = () => {
    if (!file) return;
    void run(async () => {
      setOutcome(await commitImport(source, file));
      setPreview(undefined);
    });
  };

  return (
    <form className="space-y-4" onSubmit={onPreview} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('dataTransfer.import.source')}
          value={source}
          onChange={(e) => {
            setSource(e.target.value as ImportSource);
            reset();
          }}
          options={IMPORT_SOURCES.map((value) => ({ value, label: t(`dataTransfer.import.sources.${value}`) }))}
        />
        <div className="space-y-1">
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('dataTransfer.import.file')}
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            className="block min-h-11 w-full text-sm"
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              reset();
            }}
          />
        </div>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t(`dataTransfer.import.hints.${source}`)}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" disabled={busy}>
          {t('dataTransfer.import.preview')}
        </Button>
        {preview && preview.create.work + preview.create.breaks + preview.create.leaves > 0 && (
          <Button onClick={onCommit} disabled={busy}>
            {t('dataTransfer.import.confirm')}
          </Button>
        )}
      </div>
      {error && <FormError>{error}</FormError>}
      {preview && <PreviewTable preview={preview} />}
      {outcome && (
        <p role="status" className="text-sm font-medium">
          {t('dataTransfer.import.result', { created: outcome.created, skipped: outcome.skipped, refused: outcome.refused })}
        </p>
      )}
    </form>
  );
}

/** Settings > Download my data, Download the team's data (admins) and Import: loaded only with the Settings page. */
export default function DataTransferSections() {
  const { t } = useTranslation();
  const { role } = useTeamRole();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title={t('dataTransfer.mine.title')} description={t('dataTransfer.mine.description')}>
        <DownloadButton scope="mine" label={t('dataTransfer.mine.button')} />
      </Section>
      {role === 'admin' && (
        <Section title={t('dataTransfer.team.title')} description={t('dataTransfer.team.description')}>
          <DownloadButton scope="team" label={t('dataTransfer.team.button')} />
        </Section>
      )}
      <div className="lg:col-span-2">
        <Section title={t('dataTransfer.import.title')} description={t('dataTransfer.import.description')}>
          <ImportForm />
        </Section>
      </div>
    </div>
  );
}
