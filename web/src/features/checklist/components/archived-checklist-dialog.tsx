import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { DateField } from '@/components/ui/date-field';
import { Modal } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { noArchiveFilters, useArchivedChecklist, type ArchiveFilters } from '../api/checklist';

const selectClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-900';

/** Every checklist item, filtered by text, status and created dates, 20 per page (spec §2, §9). */
export function ArchivedChecklistDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ArchiveFilters>(noArchiveFilters);
  const [filters, setFilters] = useState<ArchiveFilters>(noArchiveFilters);
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useArchivedChecklist(filters, page);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(noArchiveFilters);
    setFilters(noArchiveFilters);
    setPage(1);
  };
  const set = (changes: Partial<ArchiveFilters>) => setDraft((current) => ({ ...current, ...changes }));

  return (
    <Modal open size="lg" title={t('checklist.archive.title')} onClose={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      <div className="space-y-4">
        <form noValidate onSubmit={apply} aria-label={t('checklist.archive.filter')} className="grid gap-3 sm:grid-cols-2">
          <Input label={t('checklist.archive.task')} value={draft.task} onChange={(event) => set({ task: event.target.value })} />
          <div className="space-y-1">
            <label htmlFor="archive-status" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('checklist.archive.status')}
            </label>
            <select
              id="archive-status"
              className={selectClass}
              value={draft.status}
              onChange={(event) => set({ status: event.target.value as ArchiveFilters['status'] })}
            >
              <option value="">{t('checklist.archive.all')}</option>
              <option value="true">{t('checklist.archive.done')}</option>
              <option value="false">{t('checklist.archive.notDone')}</option>
            </select>
          </div>
          <DateField
            strict
            label={t('checklist.archive.createdFrom')}
            value={draft.createdDateFrom}
            max={draft.createdDateTo || undefined}
            onChange={(value) => set({ createdDateFrom: value })}
          />
          <DateField
            strict
            label={t('checklist.archive.createdTo')}
            value={draft.createdDateTo}
            min={draft.createdDateFrom || undefined}
            onChange={(value) => set({ createdDateTo: value })}
          />
          <div className="flex gap-2 sm:col-span-2 sm:justify-end">
            <Button variant="secondary" onClick={clear}>
              {t('checklist.archive.clear')}
            </Button>
            <Button type="submit">{t('common.search')}</Button>
          </div>
        </form>

        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('checklist.archive.loadError')}
          </p>
        ) : isLoading && !data ? (
          <Spinner label={t('checklist.archive.loading')} />
        ) : !data || data.checkList.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-600 dark:text-slate-400">{t('checklist.archive.empty')}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('checklist.archive.count', { count: data.totalCount })}</p>
            <ul aria-label={t('checklist.archive.items')} className="divide-y divide-slate-200 dark:divide-slate-800">
              {data.checkList.map((item) => (
                <li key={item._id} className="flex min-h-11 items-center gap-3 py-2 text-sm">
                  <span
                    className={cn(
                      'inline-flex size-5 shrink-0 items-center justify-center rounded border text-xs',
                      item.status ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400',
                    )}
                    aria-hidden="true"
                  >
                    {item.status ? '✓' : ''}
                  </span>
                  <span className={cn('min-w-0 flex-1 break-words', item.status && 'line-through text-slate-500 dark:text-slate-400')}>{item.task}</span>
                  <span className="visually-hidden">{item.status ? t('checklist.archive.done') : t('checklist.archive.notDone')}</span>
                  {item.isFeature && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{t('checklist.archive.feature')}</span>}
                  <time dateTime={item.createdDate} className="shrink-0 text-slate-500 dark:text-slate-400">
                    {formatDate(item.createdDate)}
                  </time>
                </li>
              ))}
            </ul>
          </>
        )}
        <Pagination total={data?.totalCount ?? 0} page={page} onPageChange={setPage} />
      </div>
    </Modal>
  );
}
