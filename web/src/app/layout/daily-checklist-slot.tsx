import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

const DailyChecklist = lazy(() => import('@/features/checklist/components/daily-checklist').then((module) => ({ default: module.DailyChecklist })));

/** The checklist inside the Daily Checklist panel, its own chunk loaded when the panel first opens. */
export function DailyChecklistSlot() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('shell.loadingChecklist')} />}>
      <DailyChecklist />
    </Suspense>
  );
}
