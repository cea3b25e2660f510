import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import i18n from '../../i18n';
import { TrackingImport } from './TrackingImport';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

const csv = (text: string) => new File([text], 'tracking.csv', { type: 'text/csv' });

/** Issue 21 item 11: a refused tracking file lists every problem at once; a clean one reports its count. */
describe('the tracking-number import (console)', () => {
  it('sends the file and the carrier, and lists every problem the server found when it refuses the file', async () => {
    const api = mockApi({
      'POST /admin/shipments/tracking-import': {
        state: 400,
        errors: {
          line2: ['2行目：伝票番号のチェックデジットが違います（入力ミスをご確認ください）'],
          line5: ['5行目：発送番号 99 の荷物がありません'],
        },
      },
    });
    const onDone = vi.fn();
    render(<TrackingImport onDone={onDone} />);
    const submit = screen.getByRole('button', { name: i18n.t('admin-fulfilment:import.submit') });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(i18n.t('admin-fulfilment:import.file')), {
      target: { files: [csv('shipment_id,tracking_number\n7,470123456784\n')] },
    });
    fireEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '2行目：伝票番号のチェックデジットが違います（入力ミスをご確認ください）',
      '5行目：発送番号 99 の荷物がありません',
    ]);
    expect(onDone).not.toHaveBeenCalled();
    const [call] = api.posts('/admin/shipments/tracking-import');
    expect(call?.params).toMatchObject({ carrier: 'yamato' });
    expect(atob(String(call?.params?.file))).toBe('shipment_id,tracking_number\n7,470123456784\n');
  });

  it('reports the number imported and clears old problems once a file is taken', async () => {
    mockApi({ 'POST /admin/shipments/tracking-import': { state: 200, imported: 3 } });
    const onDone = vi.fn();
    render(<TrackingImport onDone={onDone} />);
    fireEvent.change(screen.getByLabelText(i18n.t('admin-fulfilment:import.file')), {
      target: { files: [csv('x')] },
    });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('admin-fulfilment:import.submit') }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith(i18n.t('admin-fulfilment:import.done', { count: 3 }), 'ok'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
