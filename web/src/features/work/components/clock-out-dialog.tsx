import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { DaySummary } from '../api/rules-api';
import { FindingsList } from './findings-list';

export interface ClockOutDialogProps {
  /** The day the period counted on. */
  date: string;
  summary: DaySummary;
  /** Opens the add-break form for the day; without it there is no "Add a break". */
  onAddBreak?: () => void;
  onClose: () => void;
}

/** At clock-out: the day's time and breaks under the team's rules, what it broke, and how to make up for it. */
export function ClockOutDialog({ date, summary, onAddBreak, onClose }: ClockOutDialogProps) {
  const { t } = useTranslation();
  const short = summary.findings.length > 0;
  return (
    <Modal open title={t('work.clockOut.title')} onClose={onClose}>
      <div className="space-y-4">
        <p className={short ? 'font-medium' : undefined}>{summary.message}</p>
        {short && (
          <>
            <h3 className="text-sm font-semibold">{t('work.clockOut.findings')}</h3>
            <FindingsList findings={summary.findings} date={date} />
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          {short && onAddBreak && <Button onClick={onAddBreak}>{t('work.clockOut.addBreak')}</Button>}
        </div>
      </div>
    </Modal>
  );
}
