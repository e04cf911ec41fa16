import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { saveFindingNote, useRevalidateFindings, type Finding, type FindingNote } from '../api/rules-api';
import { NoteDialog } from './note-dialog';

export interface FindingsListProps {
  findings: Finding[];
  /** The day the findings are on (`YYYY-MM-DD`). */
  date: string;
  /** An approver noting a member's finding passes the member's id (`?userId=`). */
  userId?: string;
  /** Whether the viewer may add or edit notes (the person, or an approver). */
  canNote?: boolean;
  className?: string;
}

/**
 * What a day broke of the team's rules: each finding's message and law, its note, and "Add a note" / "Edit note".
 * A note saved here shows at once, before the day is read again.
 */
export function FindingsList({ findings, date, userId, canNote = true, className }: FindingsListProps) {
  const { t } = useTranslation();
  const revalidate = useRevalidateFindings();
  const [saved, setSaved] = useState<Record<string, FindingNote>>({});
  const [editing, setEditing] = useState<Finding | null>(null);
  if (findings.length === 0) return null;
  const noteOf = (finding: Finding) => saved[finding.rule] ?? finding.note;

  return (
    <>
      <ul className={className ?? 'space-y-2'} aria-label={t('work.findings.label', { date: formatDate(date) })}>
        {findings.map((finding) => {
          const note = noteOf(finding);
          return (
            <li
              key={`${finding.rule}-${finding.when}`}
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
            >
              <p className="font-medium">{finding.message}</p>
              {finding.law && (
                <p translate="no" className="mt-0.5 text-xs">
                  {finding.law}
                </p>
              )}
              {note && <p className="mt-1 text-xs break-words">{t('work.findings.note', { text: note.text, name: note.byName, date: formatDate(note.at) })}</p>}
              {canNote && (
                <Button variant="secondary" size="sm" className="mt-2" onClick={() => setEditing(finding)}>
                  {note ? t('work.findings.editNote') : t('work.findings.addNote')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {editing && (
        <NoteDialog
          title={noteOf(editing) ? t('work.findings.editNote') : t('work.findings.addNote')}
          label={t('work.findings.noteLabel')}
          submitText={t('common.save')}
          required
          initial={noteOf(editing)?.text ?? ''}
          savedMessage={t('work.findings.noteSaved')}
          onSubmit={async (text) => {
            const note = await saveFindingNote(date, editing.rule, text, userId);
            setSaved((current) => ({ ...current, [editing.rule]: note }));
            await revalidate();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
