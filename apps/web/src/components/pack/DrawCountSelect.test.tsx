import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DrawCountSelect } from './DrawCountSelect';

function Harness({ max }: { max: number }) {
  const [count, setCount] = useState(1);
  return (
    <>
      <label htmlFor="count">count</label>
      <DrawCountSelect id="count" max={max} value={count} onChange={setCount} />
      <output>{count}</output>
    </>
  );
}

afterEach(cleanup);

describe('DrawCountSelect', () => {
  it('holds only the chosen count until it is reached, then every count from 1 to the maximum', async () => {
    render(<Harness max={555} />);
    const select = screen.getByLabelText<HTMLSelectElement>('count');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.tab();
    expect(document.activeElement).toBe(select);
    const options = screen.getAllByRole<HTMLOptionElement>('option');
    expect(options).toHaveLength(555);
    expect(options.map((o) => Number(o.value))).toEqual(Array.from({ length: 555 }, (_, i) => i + 1));
    await userEvent.selectOptions(select, '37');
    expect(screen.getByRole('status').textContent).toBe('37');
    expect(select.value).toBe('37');
  });

  it('makes the list on a pointer press too (a tap opens the native list right after it)', () => {
    render(<Harness max={12} />);
    fireEvent.pointerDown(screen.getByLabelText('count'));
    expect(screen.getAllByRole('option')).toHaveLength(12);
  });
});
