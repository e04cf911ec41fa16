import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { ContactDialog } from './contact-dialog';

async function fillValid(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Your email'), 'visitor@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Question');
  await user.type(screen.getByLabelText('Message'), 'How do I invite my team?');
}

describe('Contact Us', () => {
  it('checks the fields on blur and on submit with the exact messages', async () => {
    const { user } = renderWithProviders(<ContactDialog onClose={() => undefined} />);
    await user.click(screen.getByLabelText('Your email'));
    await user.tab();
    expect(await screen.findByText('Please provide a valid email.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Subject'), '   ');
    await user.tab();
    expect(await screen.findByText('Subject is required.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Description is required.')).toBeInTheDocument();
  });

  it('limits the subject to 200 and the description to 3000 characters', async () => {
    const { user } = renderWithProviders(<ContactDialog onClose={() => undefined} />);
    const subject = screen.getByLabelText('Subject');
    const description = screen.getByLabelText('Message');
    expect(subject).toHaveAttribute('maxlength', '200');
    expect(description).toHaveAttribute('maxlength', '3000');
    subject.removeAttribute('maxlength');
    await user.type(subject, 'x'.repeat(201));
    await user.tab();
    expect(await screen.findByText('Subject must not exceed 200 characters.')).toBeInTheDocument();
    description.removeAttribute('maxlength');
    await user.click(description);
    await user.paste('x'.repeat(3001));
    await user.tab();
    expect(await screen.findByText('Description must not exceed 3000 characters.')).toBeInTheDocument();
  });

  it("signed out, sends the message with an empty honeypot and shows 'Message sent successfully.'", async () => {
    const bodies: unknown[] = [];
    let authorization: string | null = 'unset';
    server.use(
      http.post(api('/contactUs/send'), async ({ request }) => {
        authorization = request.headers.get('authorization');
        bodies.push(await request.json());
        return ok('message sent!');
      }),
    );
    const onClose = () => undefined;
    const { user, container } = renderWithProviders(<ContactDialog onClose={onClose} />);
    expect(container.ownerDocument.querySelector('input[name="website"]')).not.toBeNull();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alertdialog', { name: 'Message sent successfully.' })).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'visitor@example.com', subject: 'Question', description: 'How do I invite my team?', website: '' }]);
    expect(authorization).toBeNull();
  });

  it("reads 'Sending...' while in flight", async () => {
    const { hold, release } = heldResponse();
    server.use(
      http.post(api('/contactUs/send'), async () => {
        await hold();
        return ok('message sent!');
      }),
    );
    const { user } = renderWithProviders(<ContactDialog onClose={() => undefined} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await screen.findByRole('alertdialog');
  });

  it("shows 'Notice' / 'Error in sending message.' when the answer is anything else or an error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/contactUs/send'), () => ok('queued')));
    const { user } = renderWithProviders(<ContactDialog onClose={() => undefined} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const notice = await screen.findByRole('alertdialog', { name: 'Notice' });
    expect(notice).toHaveTextContent('Error in sending message.');
    expect(notice.querySelector('[data-icon="error"]')).not.toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'OK' }));

    server.use(http.post(api('/contactUs/send'), () => fail(429, 'Too many requests. Please try again in 60 seconds.')));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alertdialog', { name: 'Notice' })).toHaveTextContent('Error in sending message.');
  });

  it("fills in the signed-in user's email", () => {
    setCookies({ access_token: 'x.y.z', email: 'ada@example.com' });
    renderWithProviders(<ContactDialog onClose={() => undefined} />);
    expect(screen.getByLabelText('Your email')).toHaveValue('ada@example.com');
  });
});
