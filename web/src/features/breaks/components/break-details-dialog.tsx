import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDate, formatTime } from '@/lib/format';
import type { Break } from '../api/breaks';
import { endsNextDay, formatMinutes } from '../utils/time';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-2">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

export interface BreakDetailsDialogProps {
  record: Break;
  onClose: () => void;
  onEdit?: () => void;
}

export function BreakDetailsDialog({ record, onClose, onEdit }: BreakDetailsDialogProps) {
  return (
    <Modal
      open
      title="Break Details"
      onClose={onClose}
      footer={
        <>
          {onEdit && (
            <Button variant="secondary" onClick={onEdit}>
              Edit
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
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
      </dl>
    </Modal>
  );
}
