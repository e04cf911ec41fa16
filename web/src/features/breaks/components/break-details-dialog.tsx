import { useTranslation } from 'react-i18next';
import { DetailsDialog, DetailsRow as Row } from '@/components/ui/details-dialog';
import { formatDate, formatTime } from '@/lib/format';
import type { Break } from '../api/breaks';
import { endsNextDay, formatMinutes } from '../utils/time';
import { breakTypeLabel } from '../utils/break-type-label';

export interface BreakDetailsDialogProps {
  record: Break;
  onClose: () => void;
  onEdit?: () => void;
}

export function BreakDetailsDialog({ record, onClose, onEdit }: BreakDetailsDialogProps) {
  const { t } = useTranslation();
  const endTime = formatTime(record.endTime);
  return (
    <DetailsDialog title={t('breaks.details.title')} onClose={onClose} onEdit={onEdit}>
      <Row label={t('breaks.fields.type')}>{breakTypeLabel(record.type)}</Row>
      <Row label={t('breaks.fields.date')}>{formatDate(record.createdDate)}</Row>
      <Row label={t('breaks.fields.startTime')}>{formatTime(record.startTime)}</Row>
      <Row label={t('breaks.fields.endTime')}>{endsNextDay(record.startTime, record.endTime) ? t('breaks.nextDay', { time: endTime }) : endTime}</Row>
      <Row label={t('breaks.fields.duration')}>
        {record.duration >= 60
          ? t('breaks.details.minutesLong', { minutes: record.duration, duration: formatMinutes(record.duration) })
          : t('breaks.details.minutes', { count: record.duration })}
      </Row>
      <Row label={t('breaks.fields.reason')}>{record.reason || <span className="text-slate-500 dark:text-slate-400">{t('breaks.details.noReason')}</span>}</Row>
      <Row label={t('breaks.details.recorded')}>{record.live ? t('breaks.details.recordedLive') : t('breaks.details.recordedByHand')}</Row>
    </DetailsDialog>
  );
}
