import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const pageNumbers = () => screen.getAllByRole('button', { name: /^Page / }).map((button) => Number(button.textContent));

describe('Pagination', () => {
  it('is hidden when everything fits on one page of 20', () => {
    const { container } = render(<Pagination total={20} page={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows First, Prev, a window of ±2 pages, Next and Last on wide screens', async () => {
    const onPageChange = vi.fn();
    render(<Pagination total={200} page={5} onPageChange={onPageChange} />);
    expect(pageNumbers()).toEqual([3, 4, 5, 6, 7]);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['First', 'Prev', 'Next', 'Last']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('narrows to ±1 page and hides Prev and Next at 800 px or less', () => {
    window.innerWidth = 800;
    render(<Pagination total={200} page={1} onPageChange={() => undefined} />);
    expect(pageNumbers()).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Prev' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
  });
});
