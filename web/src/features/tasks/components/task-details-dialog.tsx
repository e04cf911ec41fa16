import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDate } from '@/lib/format';
import type { Task } from '../api/tasks';
import { PriorityBadge, StatusBadge } from './task-badges';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-2">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

export interface TaskDetailsDialogProps {
  task: Task;
  onClose: () => void;
  onEdit?: () => void;
}

export function TaskDetailsDialog({ task, onClose, onEdit }: TaskDetailsDialogProps) {
  return (
    <Modal
      open
      size="lg"
      title="Task Details"
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
        <Row label="Title">{task.title}</Row>
        <Row label="Description">{task.description}</Row>
        <Row label="Scheduled">{formatDate(task.scheduled)}</Row>
        <Row label="Status">
          <StatusBadge status={task.status} />
        </Row>
        <Row label="Priority">
          <PriorityBadge priority={task.priority} />
        </Row>
        <Row label="Created">{formatDate(task.createdDate)}</Row>
      </dl>
    </Modal>
  );
}
