import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

describe('Modal', () => {
  it('is a labelled dialog that takes focus on open', () => {
    render(
      <Modal open title="Sign In" onClose={() => undefined}>
        <input aria-label="Email" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('has a static backdrop: neither an outside click nor Escape closes it', async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Contact Us" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <Modal open title="Dialog" onClose={() => undefined}>
          <input aria-label="First" />
          <button type="button">Last</button>
        </Modal>
      </>,
    );
    expect(screen.getByLabelText('First')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  });
});
