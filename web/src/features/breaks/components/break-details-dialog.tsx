import { DetailsDialog, DetailsRow as Row } from '@/components/ui/details-dialog';
import { formatDate, formatTime } from '@/lib/format';
import type { Break } from '../api/breaks';
import { endsNextDay, formatMinutes } from '../utils/time';

export interface BreakDetailsDialogProps {
  record: Break;
  onClose: () => void;
  onEdit?: () => void;
}

export function BreakDetailsDialog({ record, onClose, onEdit }: BreakDetailsDialogProps) {
  return (
    <DetailsDialog title="Break Details" onClose={onClose} onEdit={onEdit}>
      <Row label="Type">{record.type}</Row>
      <Row label="Date">{formatDate(record.createdDate)}</Row>
      <Row label="Start time">{formatTime(record.startTime)}</Row>
      <Row label="End time">
        {formatTime(record.endTime)}
        {endsNextDay(record.startTime, record.endTime) ? ' (next day)' : ''}
      </Row>
      <Row label="Duration">
        {record.duration} minutes{record.duration >= 60 ? ` (${formatMinutes(record.duration)})` : ''}
      </Row>
      <Row label="Reason">{record.reason || <span className="text-slate-500 dark:text-slate-400">No reason given</span>}</Row>
      <Row label="Recorded">{record.live ? 'Live, with Start break and End break' : 'Added by hand'}</Row>
    </DetailsDialog>
  );
}
