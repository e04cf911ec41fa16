import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <DetailsDialog size="lg" title={t('tasks.details.title')} onClose={onClose} onEdit={onEdit}>
      <Row label={t('tasks.fields.title')}>{task.title}</Row>
      <Row label={t('tasks.fields.description')}>{task.description}</Row>
      <Row label={t('tasks.fields.scheduled')}>{formatDate(task.scheduled)}</Row>
      <Row label={t('tasks.fields.status')}>
        <StatusBadge status={task.status} />
      </Row>
      <Row label={t('tasks.fields.priority')}>
        <PriorityBadge priority={task.priority} />
      </Row>
      <Row label={t('tasks.fields.created')}>{formatDate(task.createdDate)}</Row>
    </DetailsDialog>
  );
}
