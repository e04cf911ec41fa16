import { lazy } from 'react';
import type {
  BreakPrefill,
  ChecklistPrefill,
  LeavePrefill,
  MeetingPrefill,
  PrefilledFormProps,
  PrefilledForms,
  TaskPrefill,
  WorkDayPrefill,
} from '@/lib/assistant-actions';
import { AssistantChat } from '@/features/assistant/components/assistant-chat';

/*
 * Break Buddy's proposals open the record features' own add forms. Features do not import each other, so the
 * forms are wired here, each adapted to the chat's contract (src/lib/assistant-actions.ts) and loaded only when
 * a proposal first opens it. A form confirms its save with its own short toast; the chat reloads the matching
 * list page. An action without a form here opens its list page with the values in the navigation state.
 */
const forms: PrefilledForms = {
  createBreak: lazy(() =>
    import('@/features/breaks/components/break-form-dialog').then(({ BreakFormDialog }) => ({
      default: ({ prefill, onSaved, onClose }: PrefilledFormProps<BreakPrefill>) => (
        <BreakFormDialog
          prefill={{ type: prefill.type, createdDate: prefill.createdDate, startTime: prefill.startTime, endTime: prefill.endTime, reason: prefill.reason }}
          onSaved={onSaved}
          onClose={onClose}
        />
      ),
    })),
  ),
  createTask: lazy(() =>
    import('@/features/tasks/components/task-form-dialog').then(({ TaskFormDialog }) => ({
      default: ({ prefill, onSaved, onClose }: PrefilledFormProps<TaskPrefill>) => (
        <TaskFormDialog
          prefill={{ title: prefill.title, description: prefill.description, scheduled: prefill.scheduled, status: prefill.status, priority: prefill.priority }}
          onSaved={onSaved}
          onClose={onClose}
        />
      ),
    })),
  ),
  createLeave: lazy(() =>
    import('@/features/leaves/components/leave-form-dialog').then(({ LeaveFormDialog }) => ({
      default: ({ prefill, onSaved, onClose }: PrefilledFormProps<LeavePrefill>) => (
        <LeaveFormDialog
          prefill={{ fromDate: prefill.fromDate, toDate: prefill.toDate, reason: prefill.reason, typeId: prefill.typeId ?? undefined }}
          onSaved={onSaved}
          onClose={onClose}
        />
      ),
    })),
  ),
  createMeeting: lazy(() =>
    import('@/features/meetings/components/meeting-form-dialog').then(({ MeetingFormDialog }) => ({
      default: ({ prefill, onSaved, onClose }: PrefilledFormProps<MeetingPrefill>) => (
        <MeetingFormDialog
          initial={{
            ...(prefill.scheduleDate ? { scheduleDate: prefill.scheduleDate } : {}),
            title: prefill.title,
            from: prefill.from,
            to: prefill.to,
            description: prefill.description,
            attendees: prefill.attendees,
          }}
          onSaved={onSaved}
          onClose={onClose}
        />
      ),
    })),
  ),
  createChecklist: lazy(() =>
    Promise.all([import('@/features/checklist/api/checklist'), import('@/features/assistant/components/checklist-proposal-dialog')]).then(
      ([{ useAddChecklistItem }, { ChecklistProposalDialog }]) => ({
        default: function ChecklistProposal(props: PrefilledFormProps<ChecklistPrefill>) {
          const { trigger } = useAddChecklistItem();
          return <ChecklistProposalDialog {...props} save={(item) => trigger(item)} />;
        },
      }),
    ),
  ),
  logWork: lazy(() =>
    import('@/features/work/components/work-day-form-dialog').then(({ WorkDayFormDialog }) => ({
      default: ({ prefill, onSaved, onClose }: PrefilledFormProps<WorkDayPrefill>) => (
        <WorkDayFormDialog
          prefill={{
            date: prefill.date,
            start: prefill.start,
            end: prefill.end,
            note: prefill.note,
            breaks: prefill.breaks.map((item) => ({ type: item.type, startTime: item.startTime, endTime: item.endTime })),
          }}
          onSaved={onSaved}
          onClose={onClose}
        />
      ),
    })),
  ),
};

export interface AssistantProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Open in the column the shell reserves beside the page (768 px and wider); floating over it on phones. */
  docked: boolean;
}

/** The Break Buddy chat with the record forms it can open; the shell owns its open state to lay the page out. */
export function Assistant(props: AssistantProps) {
  return <AssistantChat forms={forms} {...props} />;
}
