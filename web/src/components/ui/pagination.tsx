import { useTranslation } from 'react-i18next';
import { NARROW_SCREEN_PX, PAGE_SIZE } from '@/config/constants';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';

export interface PaginationProps {
  /** Total number of records. */
  total: number;
  /** Current page, starting at 1. */
  page: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
}

/** Page numbers around the current one: ±2 pages, or ±1 on narrow screens. */
export function pageWindow(page: number, pageCount: number, radius: number): number[] {
  const start = Math.max(1, page - radius);
  const end = Math.min(pageCount, page + radius);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

const itemClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Shown only when there are more records than fit on one page (spec §9). */
export function Pagination({ total, page, onPageChange, pageSize = PAGE_SIZE }: PaginationProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_PX}px)`);
  if (total <= pageSize) return null;
  const pageCount = Math.ceil(total / pageSize);
  const current = Math.min(Math.max(page, 1), pageCount);
  const pages = pageWindow(current, pageCount, narrow ? 1 : 2);
  const idle = 'border-slate-300 bg-white hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';

  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= pageCount) onPageChange(target);
  };

  return (
    <nav aria-label={t('ui.pagination.label')} className="flex flex-wrap items-center justify-center gap-1.5 py-3">
      <button type="button" className={cn(itemClass, idle)} disabled={current === 1} onClick={() => go(1)}>
        {t('ui.pagination.first')}
      </button>
      {!narrow && (
        <button type="button" className={cn(itemClass, idle)} disabled={current === 1} onClick={() => go(current - 1)}>
          {t('ui.pagination.previous')}
        </button>
      )}
      {pages.map((number) => (
        <button
          key={number}
          type="button"
          aria-label={t('ui.pagination.page', { number })}
          aria-current={number === current ? 'page' : undefined}
          className={cn(itemClass, number === current ? 'border-brand-700 bg-brand-700 text-white' : idle)}
          onClick={() => go(number)}
        >
          {number}
        </button>
      ))}
      {!narrow && (
        <button type="button" className={cn(itemClass, idle)} disabled={current === pageCount} onClick={() => go(current + 1)}>
          {t('ui.pagination.next')}
        </button>
      )}
      <button type="button" className={cn(itemClass, idle)} disabled={current === pageCount} onClick={() => go(pageCount)}>
        {t('ui.pagination.last')}
      </button>
    </nav>
  );
}
