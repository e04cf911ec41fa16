import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertProvider } from './alert-dialog';
import { useConfirmDelete } from './confirm-dialog';

function DeleteButton({ remove, onDone }: { remove: () => Promise<unknown>; onDone: (deleted: boolean) => void }) {
  const confirmDelete = useConfirmDelete();
  return (
    <button type="button" onClick={async () => onDone(await confirmDelete(remove))}>
      Delete record
    </button>
  );
}

function setup(remove: () => Promise<unknown>) {
  const onDone = vi.fn();
  render(
    <AlertProvider>
      <DeleteButton remove={remove} onDone={onDone} />
    </AlertProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

describe('delete confirmation', () => {
  it("asks 'Are you sure?' and reports 'Deleted!' after the delete", async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    const { user, onDone } = setup(remove);
    await user.click(screen.getByRole('button', { name: 'Delete record' }));
    const question = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(question).toHaveTextContent("You won't be able to revert this!");
    await user.click(within(question).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toHaveTextContent('Your record has been deleted.');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(true);
  });

  it("on 'No, cancel!' deletes nothing and says 'Cancelled' / 'Your record is safe.'", async () => {
    const remove = vi.fn();
    const { user, onDone } = setup(remove);
    await user.click(screen.getByRole('button', { name: 'Delete record' }));
    await user.click(screen.getByRole('button', { name: 'No, cancel!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancelled' })).toHaveTextContent('Your record is safe.');
    expect(remove).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it("reports 'Error!' / 'There was an error deleting your record.' when the delete fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(() => Promise.reject(new Error('boom')));
    await user.click(screen.getByRole('button', { name: 'Delete record' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error!' })).toHaveTextContent('There was an error deleting your record.');
  });
});
