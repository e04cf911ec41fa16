import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Later } from './later';

function Toggle() {
  const [now, setNow] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setNow(false)}>
        off
      </button>
      <Later now={now}>
        <p>docked</p>
      </Later>
    </>
  );
}

describe('Later', () => {
  it('renders nothing with the first screen, then its children once the browser is idle', async () => {
    render(
      <Later>
        <p>footer</p>
      </Later>,
    );
    expect(screen.queryByText('footer')).toBeNull();
    expect(await screen.findByText('footer')).toBeInTheDocument();
  });

  it('with `now` renders at once, and keeps its children when `now` turns false', () => {
    render(<Toggle />);
    expect(screen.getByText('docked')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'off' }));
    expect(screen.getByText('docked')).toBeInTheDocument();
  });
});
