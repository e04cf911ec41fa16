import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, fail, http, ok, server } from '@/testing/server';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { TeamMember } from '@/lib/team-members';
import { TeamMembersPage } from './team-members-page';

const ana: TeamMember = {
  id: 'u-ana',
  name: 'Ana Admin',
  email: 'ana@example.com',
  role: 'admin',
  joinedAt: '2025-01-05T10:00:00Z',
  status: 'available',
  since: null,
  breakType: null,
  until: null,
  leaveType: null,
  workingSince: null,
  breakDue: false,
};
const ben: TeamMember = {
  id: 'u-ben',
  name: 'Ben Member',
  email: 'ben@example.com',
  role: 'member',
  joinedAt: '2025-02-10T10:00:00Z',
  status: 'onBreak',
  since: new Date().toISOString(),
  breakType: 'Coffee Break',
  until: null,
  leaveType: null,
  workingSince: null,
  breakDue: false,
};
const cleo: TeamMember = {
  id: 'u-cleo',
  name: 'Cleo Away',
  email: 'cleo@example.com',
  role: 'hr',
  joinedAt: '2025-03-01T10:00:00Z',
  status: 'onLeave',
  since: '2025-06-01',
  breakType: null,
  until: '2099-06-30',
  leaveType: null,
  workingSince: null,
  breakDue: false,
};

function signInAs(id: string) {
  setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r', id, name: 'Someone' });
}

function serveMembers(members: TeamMember[] = [ana, ben, cleo]) {
  let list = members;
  server.use(
    http.get(api('/admin/get'), () => ok(list)),
    http.get(api('/admin/invitations'), () => ok([])),
  );
  return { set: (next: TeamMember[]) => (list = next) };
}

describe('Team Members', () => {
  it('signed out, offers to sign in and asks nothing', () => {
    renderWithProviders(<TeamMembersPage />);
    expect(screen.getByText('Sign in to see your team.')).toBeInTheDocument();
  });

  it("shows every member's live status and role; a member sees no admin controls", async () => {
    signInAs('u-ben');
    serveMembers();
    renderWithProviders(<TeamMembersPage />);
    const list = await screen.findByRole('list', { name: 'Team members' });
    expect(screen.getByRole('heading', { name: 'Team Members (3)' })).toBeInTheDocument();
    const anaRow = within(list).getByRole('listitem', { name: 'Ana Admin' });
    expect(anaRow).toHaveTextContent('Available');
    expect(anaRow).toHaveTextContent('Admin');
    expect(anaRow).toHaveTextContent('Joined 05/01/2025');
    expect(within(list).getByRole('listitem', { name: 'Ben Member' })).toHaveTextContent(/On break \(Coffee Break\) since \d{1,2}:\d{2} (AM|PM)/);
    expect(within(list).getByRole('listitem', { name: 'Cleo Away' })).toHaveTextContent('On leave until 30/06/2099');
    expect(within(list).getByRole('listitem', { name: 'Cleo Away' })).toHaveTextContent('HR');
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByText('Only team admins can invite members, change roles or remove members.')).toBeInTheDocument();
  });

  it('an admin invites by email with a role', async () => {
    signInAs('u-ana');
    serveMembers();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/admin/invite'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ message: 'Invitation sent to dora@example.com.', email: 'dora@example.com', role: 'hr' }, 201);
      }),
    );
    const { user } = renderWithProviders(<TeamMembersPage />);
    const form = await screen.findByRole('form', { name: 'Invite a member' });

    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Email is required.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'dora@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'HR');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to dora@example.com.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'dora@example.com', role: 'hr' }]);
    expect(within(form).getByLabelText('Email')).toHaveValue('');
  });

  it("shows the server's answer when the person is already a member", async () => {
    signInAs('u-ana');
    serveMembers();
    server.use(http.post(api('/admin/invite'), () => fail(409, 'This person is already a member of your team.')));
    const { user } = renderWithProviders(<TeamMembersPage />);
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Email'), 'ben@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This person is already a member of your team.');
  });

  it("an admin changes a member's role and the list reloads", async () => {
    signInAs('u-ana');
    const members = serveMembers();
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/admin/role/u-ben'), async ({ request }) => {
        bodies.push(await request.json());
        members.set([ana, { ...ben, role: 'hr' }, cleo]);
        return ok({ ...ben, role: 'hr' });
      }),
    );
    const { user } = renderWithProviders(<TeamMembersPage />);
    const role = await screen.findByRole('combobox', { name: 'Role of Ben Member' });
    expect(role).toHaveValue('member');
    await user.selectOptions(role, 'HR');
    expect(await screen.findByText('Ben Member is now HR.')).toBeInTheDocument();
    expect(bodies).toEqual([{ role: 'hr' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Ben Member' })).toHaveValue('hr'));
    // No remove button on your own row.
    expect(screen.queryByRole('button', { name: 'Remove Ana Admin' })).not.toBeInTheDocument();
  });

  it('a refused role change keeps the old role and explains', async () => {
    signInAs('u-ana');
    serveMembers([ana, ben]);
    server.use(http.put(api('/admin/role/u-ana'), () => fail(409, 'A team needs at least one admin. Make another member admin first.')));
    const { user } = renderWithProviders(<TeamMembersPage />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Ana Admin' }), 'Member');
    const confirm = await screen.findByRole('alertdialog', { name: 'Give up your admin role?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, make me Member' }));
    expect(await screen.findByText('A team needs at least one admin. Make another member admin first.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Ana Admin' })).toHaveValue('admin');
  });

  it('an admin removes a member after confirming', async () => {
    signInAs('u-ana');
    const members = serveMembers();
    let removed = 0;
    server.use(
      http.delete(api('/admin/member/u-cleo'), () => {
        removed += 1;
        members.set([ana, ben]);
        return ok({ message: 'Cleo Away has been removed from the team.' });
      }),
      http.get(api('/admin/get-count'), () => ok(2)),
    );
    const { user } = renderWithProviders(<TeamMembersPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Cleo Away' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Cleo Away?' });
    await user.click(within(confirm).getByRole('button', { name: 'No, cancel!' }));
    expect(removed).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Remove Cleo Away' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove Cleo Away?' })).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Cleo Away has been removed from the team.')).toBeInTheDocument();
    expect(removed).toBe(1);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cleo Away' })).not.toBeInTheDocument());
  });

  it('shows an admin the pending invitations with their expiry; one is sent again, another withdrawn', async () => {
    signInAs('u-ana');
    serveMembers();
    let pending = [
      {
        id: 'aa11',
        email: 'zoe@example.com',
        role: 'member',
        invitedBy: 'u-ana',
        createdAt: '2026-11-20T10:00:00Z',
        expiresAt: '2026-11-27T10:00:00Z',
        expired: false,
      },
      {
        id: 'bb22',
        email: 'yan@example.com',
        role: 'hr',
        invitedBy: 'u-ana',
        createdAt: '2026-11-01T10:00:00Z',
        expiresAt: '2026-11-08T10:00:00Z',
        expired: true,
      },
    ];
    const calls: string[] = [];
    server.use(
      http.get(api('/admin/invitations'), () => ok(pending)),
      http.post(api('/admin/invitations/bb22/resend'), () => {
        calls.push('resend bb22');
        pending = pending.map((p) => (p.id === 'bb22' ? { ...p, id: 'cc33', expiresAt: '2026-12-03T10:00:00Z', expired: false } : p));
        return ok(pending[1]);
      }),
      http.delete(api('/admin/invitations/aa11'), () => {
        calls.push('delete aa11');
        pending = pending.filter((p) => p.id !== 'aa11');
        return ok({ _id: 'aa11', message: 'Invitation withdrawn.' });
      }),
    );
    const { user } = renderWithProviders(<TeamMembersPage />);
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    const zoe = within(list).getByRole('listitem', { name: 'zoe@example.com' });
    expect(zoe).toHaveTextContent('Member · Valid until 27/11/2026');
    const yan = within(list).getByRole('listitem', { name: 'yan@example.com' });
    expect(yan).toHaveTextContent('HR · Expired on 08/11/2026');

    await user.click(within(yan).getByRole('button', { name: 'Send the invitation to yan@example.com again' }));
    await waitFor(() => expect(within(list).getByRole('listitem', { name: 'yan@example.com' })).toHaveTextContent('Valid until 03/12/2026'));

    await user.click(within(zoe).getByRole('button', { name: 'Withdraw the invitation to zoe@example.com' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, withdraw' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'zoe@example.com' })).not.toBeInTheDocument());
    expect(calls).toEqual(['resend bb22', 'delete aa11']);
  });

  it('asks nothing about invitations for a member', async () => {
    signInAs('u-ben');
    serveMembers();
    let asked = false;
    server.use(http.get(api('/admin/invitations'), () => ((asked = true), ok([]))));
    renderWithProviders(<TeamMembersPage />);
    await screen.findByRole('list', { name: 'Team members' });
    expect(screen.queryByRole('list', { name: 'Pending invitations' })).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
