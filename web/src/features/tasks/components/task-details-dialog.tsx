import { DetailsDialog, DetailsRow as Row } from '@/components/ui/details-dialog';
import { formatDate } from '@/lib/format';
import type { Task } from '../api/tasks';
import { PriorityBadge, StatusBadge } from './task-badges';

export interface TaskDetailsDialogProps {
  task: Task;
  onClose: () => void;
  onEdit?: () => void;
}

export function TaskDetailsDialog({ task, onClose, onEdit }: TaskDetailsDialogProps) {
  return (
    <DetailsDialog size="lg" title="Task Details" onClose={onClose} onEdit={onEdit}>
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
    </DetailsDialog>
  );
}
