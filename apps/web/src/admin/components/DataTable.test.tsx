import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { renderPage } from '../../test/render';
import { useListParams } from '../hooks/use-list-params';
import { DataTable, type ColumnDef } from './DataTable';

interface Row {
  id: number;
  name: string;
}
const columns: ColumnDef<Row, unknown>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id', enableSorting: true },
  { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: false },
];

/** A table whose state lives in the address, as the console's pages use it; 45 rows in all on the server. */
function Harness() {
  const { params, update } = useListParams({ sort: 'id', dir: 'desc' }, ['q']);
  const rows = Array.from({ length: params.per_page }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
  return <DataTable caption="Rows" columns={columns} rows={rows} total={45} params={params} onChange={update} />;
}

describe('DataTable', () => {
  it('sorts, pages and sizes through the address (the server does the work)', async () => {
    const { router } = renderPage(<Harness />, '/admin/x', { routePath: '/admin/x' });
    const idHeader = screen.getByRole('columnheader', { name: /ID/ });
    expect(idHeader.getAttribute('aria-sort')).toBe('descending');
    // Only columns marked sortable get a button.
    expect(within(screen.getByRole('columnheader', { name: 'Name' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(idHeader).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=id&dir=asc');
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe('ascending');

    expect((screen.getByRole('button', { name: '前へ' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(screen.getByText('45件中 21〜40件')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect((screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement).disabled).toBe(true);

    // A new page size starts again at page 1.
    fireEvent.change(screen.getByLabelText('表示件数'), { target: { value: '50' } });
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(router.state.location.search).toContain('per_page=50');
    expect(screen.getAllByRole('row')).toHaveLength(51);
  });
});
