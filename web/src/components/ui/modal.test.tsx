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

  it('has a static backdrop: an outside click does not close it, Escape does what the close button does', async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Contact Us" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('without a close button, Escape leaves it open', () => {
    render(
      <Modal open title="Are you sure?" role="alertdialog">
        <button type="button">OK</button>
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeInTheDocument();
  });

  it('closes only the top modal on Escape, not the one it was opened from', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const view = (termsOpen: boolean) => (
      <Modal open title="Sign Up" onClose={outer}>
        <Modal open={termsOpen} title="Terms and Conditions" onClose={inner}>
          <p>Terms</p>
        </Modal>
      </Modal>
    );
    const { rerender } = render(view(false));
    rerender(view(true));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Terms and Conditions' }), { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    // Focus left on the page behind (after an outside click): Escape still reaches the modal.
    rerender(view(false));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
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
