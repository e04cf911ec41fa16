import type { Schemas } from '@/lib/api-schema';

/*
 * The leave types, approval and cancellation types of the API, aliased from the document generated into
 * `src/lib/api-types.ts`. The feature imports them from this file only.
 */

/** Where a leave stands; leaves stored before approval existed read as approved. */
export type LeaveStatus = Schemas['LeaveStatus'];

export const leaveStatuses: readonly LeaveStatus[] = ['pending', 'approved', 'declined', 'cancelled'];

/**
 * A kind of leave of the team (`GET /leaves/types`, archived ones included). `isDefault` marks the type of leaves sent
 * without one (Vacation): it can be neither archived nor deleted.
 */
export type LeaveType = Schemas['LeaveType'];

/** The body of `POST /leaves/types` (admins). */
export type LeaveTypeCreate = Schemas['LeaveTypeInput'];

/** The body of `PUT /leaves/types/{id}` (admins): left-out fields keep their value. */
export type LeaveTypeUpdate = Schemas['LeaveTypeInput'];

/** A leave with its type and where its request stands; `decided*` and `comment` once an approver decided it. */
export type Leave = Schemas['Leave'];

/** A half-day leave: the morning (`am`) or the afternoon (`pm`) of its one day. */
export type HalfDay = Schemas['HalfDay'];

/**
 * The body of the add and edit calls; without `typeId` the team's default type is used. `halfDay` is `am` or `pm` for
 * half of a one-day leave and `''` for a whole day (an edit that leaves it out keeps a one-day leave's half day).
 */
export type LeaveFields = Schemas['LeaveCreate'];

/** What `GET /leaves/list` answers. */
export type LeavePage = Schemas['LeaveList'];

/** A request waiting for a decision; `userName` is its requester's (`GET /leaves/pending`). */
export type PendingLeave = Schemas['Leave'];

/** What `GET /leaves/pending` answers: oldest first. */
export type PendingLeavePage = Schemas['PendingList'];

/** The optional body of `POST /leaves/approve/{id}` and `POST /leaves/decline/{id}` (a comment of at most 500 characters). */
export type LeaveDecision = Schemas['DecisionInput'];

/** What a delete answers. */
export type Deleted = Schemas['Deleted'];

/**
 * A balance of one person and year in working days (`GET /leaves/balance`, and each row of `GET /admin/balances`
 * with the member's `name`): `remaining` is `allowance + carriedOver - taken - pending`. Numbers may be halves.
 */
export type Balance = Schemas['Balance'];

/** What a leave would take (`GET /leaves/preview`), shown in the dialog before it is sent. */
export type LeavePreview = Schemas['LeavePreview'];

/** The team's leave settings (`GET /leaves/settings`); `workWeek` is ISO numbered, 1 is Monday and 7 Sunday. */
export type LeaveSettings = Schemas['LeaveSettings'];

/** The body of `PUT /leaves/settings` (admins): left-out fields keep their value. */
export type LeaveSettingsInput = Schemas['LeaveSettingsInput'];

/** A member's allowance for a year, as an admin set it (`PUT /admin/allowance/{userId}`). */
export type Allowance = Schemas['Allowance'];

/** The body of `PUT /admin/allowance/{userId}`. */
export type AllowanceInput = Schemas['AllowanceInput'];
