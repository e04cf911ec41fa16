import { describe, expect, it } from 'vitest';
import { notUnderstood, toAction, toReply } from './ask';

describe('reading an answer', () => {
  it('keeps a proposal with its fields, typed', () => {
    expect(
      toAction(
        { action: 'createBreak', type: 'Coffee Break', reason: '', startTime: '15:00', endTime: '15:15', createdDate: '2026-03-11', extra: 'x' },
        '2026-03-11',
      ),
    ).toEqual({ action: 'createBreak', type: 'Coffee Break', reason: '', startTime: '15:00', endTime: '15:15', createdDate: '2026-03-11' });
    expect(toAction({ action: 'createChecklist', task: 'Water the plants', status: false, createdDate: '2026-03-11', isFeature: 'true' })).toMatchObject({
      status: false,
      isFeature: true,
    });
    expect(toAction({ action: 'createLeave', fromDate: '2026-08-03', toDate: '2026-08-07', reason: 'Vacation', days: 5 })).toMatchObject({ days: 5 });
  });

  it("keeps every field the assistant filled: the leave's type, the meeting's title and attendees", () => {
    const sick = '00000000000000000000000002';
    expect(toAction({ action: 'createLeave', fromDate: '2026-08-03', toDate: '2026-08-03', reason: 'Sick', days: 1, typeId: sick })).toMatchObject({
      typeId: sick,
    });
    expect(toAction({ action: 'createLeave', fromDate: '2026-08-03', toDate: '2026-08-03', reason: 'Off', typeId: null })).toMatchObject({ typeId: null });
    expect(
      toAction({
        action: 'createMeeting',
        title: 'Budget',
        from: '14:00',
        to: '15:00',
        scheduleDate: '2026-03-13',
        description: 'Meeting with Sam about the budget',
        attendees: ['01HZX3Y8Q2W5E7R9T1V3B5NSAM', 7, ''],
      }),
    ).toEqual({
      action: 'createMeeting',
      title: 'Budget',
      from: '14:00',
      to: '15:00',
      scheduleDate: '2026-03-13',
      description: 'Meeting with Sam about the budget',
      attendees: ['01HZX3Y8Q2W5E7R9T1V3B5NSAM'],
    });
    expect(toAction({ action: 'createMeeting', from: '14:00' })).toMatchObject({ title: '', attendees: [] });
  });

  it('replaces placeholder dates with today and leaves missing ones empty', () => {
    const today = '2026-03-11';
    expect(toAction({ action: 'createTask', title: 'Report', scheduled: 'YYYY-MM-DD' }, today)).toMatchObject({ scheduled: today, description: '' });
    expect(toAction({ action: 'createMeeting', scheduleDate: 'today', from: '14:00', to: '15:00' }, today)).toMatchObject({ scheduleDate: today });
    expect(toAction({ action: 'createLeave', fromDate: '{date}', toDate: '' }, today)).toMatchObject({ fromDate: today, toDate: '' });
  });

  it("reads a day's work with its breaks as objects, and the reply's intent", () => {
    const today = '2026-03-11';
    expect(
      toAction(
        {
          action: 'logWork',
          date: 'today',
          start: '08:00',
          end: '17:00',
          note: 'Entered with Break Buddy',
          breaks: [{ type: 'Lunch Break', startTime: '12:00', endTime: '12:45', extra: 1 }, 'lunch', null, { type: 'Short Break', startTime: 10 }],
        },
        today,
      ),
    ).toEqual({
      action: 'logWork',
      date: today,
      start: '08:00',
      end: '17:00',
      note: 'Entered with Break Buddy',
      breaks: [
        { type: 'Lunch Break', startTime: '12:00', endTime: '12:45' },
        { type: 'Short Break', startTime: '10', endTime: '' },
      ],
    });
    expect(toAction({ action: 'logWork', start: '08:00', breaks: 'none' }, today)).toMatchObject({ date: '', breaks: [] });
    expect(toReply({ summary: 'You are clocked in since 08:02.', intent: 'clockIn', actions: [] })).toEqual({
      text: 'You are clocked in since 08:02.',
      action: undefined,
      intent: 'clockIn',
    });
  });

  it('ignores unknown actions', () => {
    expect(toAction({ action: 'deleteEverything' })).toBeUndefined();
    expect(toAction(undefined)).toBeUndefined();
  });

  it("answers 'Sorry, I didn't get that.' when there is no summary", () => {
    expect(toReply({ actions: [] })).toEqual({ text: notUnderstood(), action: undefined });
    expect(toReply({ summary: '   ' }).text).toBe("Sorry, I didn't get that.");
    expect(toReply(undefined).text).toBe("Sorry, I didn't get that.");
    expect(toReply({ summary: 'You have taken 1 break today, 15 minutes in all.', actions: [] }).text).toBe('You have taken 1 break today, 15 minutes in all.');
  });
});
