import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { renderPage } from '../../test/render';
import { FilterForm, type FilterField, type Filters } from './FilterForm';

const fields: FilterField[] = [
  { name: 'q', kind: 'search', label: 'Search' },
  { name: 'status', kind: 'select', label: 'Status', all: 'All', options: [{ value: 'open', label: 'Open' }] },
  { name: 'from', kind: 'date', label: 'From' },
];

afterEach(cleanup);

/** The filters in force change from outside (the back button), as the address would change them. */
function Harness() {
  const [initial, setInitial] = useState<Filters>({ q: 'one' });
  return (
    <>
      <button type="button" onClick={() => setInitial({ q: 'two' })}>
        back
      </button>
      <FilterForm fields={fields} initial={initial} onApply={() => {}} />
    </>
  );
}

describe('FilterForm', () => {
  it('starts from the filters in force, trims the search and applies every field', async () => {
    const onApply = vi.fn<(f: Filters) => void>();
    renderPage(<FilterForm fields={fields} initial={{ q: 'old', view: 'x' }} onApply={onApply} />, '/admin/x');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('old');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  mail@example.jp ' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-02' } });
    fireEvent.submit(screen.getByRole('search'));
    // Only its own fields: the caller merges them into the address (a tab's `view` stays the caller's).
    await vi.waitFor(() =>
      expect(onApply).toHaveBeenLastCalledWith({ q: 'mail@example.jp', status: 'open', from: '2026-01-02' }),
    );
    expect(screen.getByRole('option', { name: 'All' })).toBeTruthy();
  });

  it('clears every field at once and shows the server refusal', () => {
    const onApply = vi.fn<(f: Filters) => void>();
    renderPage(
      <FilterForm fields={fields} initial={{ q: 'a', status: 'open' }} onApply={onApply} clearable error="bad range" />,
      '/admin/x',
    );
    expect(screen.getByRole('alert').textContent).toBe('bad range');
    const buttons = screen.getAllByRole('button');
    fireEvent.click(buttons[buttons.length - 1]!);
    expect(onApply).toHaveBeenLastCalledWith({ q: '', status: '', from: '' });
  });

  it('shows new filters in force (back button) instead of stale typing', () => {
    renderPage(<Harness />, '/admin/x');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('two');
  });
});
