import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useJapanese } from '../../test/pack-fixtures';
import { ShipmentTimeline } from './ShipmentTimeline';
import '../../i18n';

beforeAll(useJapanese);
afterEach(cleanup);

describe('ShipmentTimeline', () => {
  it('shows each step with its time, marks the last as current, and links to the carrier once shipped', async () => {
    render(
      <ShipmentTimeline
        shipment={{
          id: 3,
          status: 'shipped',
          carrier: 'yamato',
          tracking_number: '400011112222',
          tracking_url: 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=400011112222',
          timeline: [
            { status: 'preparing', at: '2026-11-20 10:00:00' },
            { status: 'packed', at: '2026-11-21 09:30:00' },
            { status: 'shipped', at: '2026-11-21 15:45:00' },
          ],
        }}
      />,
    );
    const steps = await screen.findAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '発送準備中11月20日(金) 10:00',
      '梱包済み11月21日(土) 9:30',
      '発送済み（現在の状況）11月21日(土) 15:45',
    ]);
    expect(steps[2]!.getAttribute('aria-current')).toBe('step');
    const link = screen.getByRole('link', { name: 'ヤマト運輸の配送状況を見る' });
    expect(link.getAttribute('href')).toContain('number01=400011112222');
    expect(within(screen.getByTestId('shipment-timeline')).getByText('ヤマト運輸 400011112222')).toBeTruthy();
  });

  it('has no tracking link before shipping, and explains a held parcel', () => {
    render(
      <ShipmentTimeline
        shipment={{
          id: 4,
          status: 'held',
          carrier: null,
          tracking_number: '',
          tracking_url: '',
          timeline: [
            { status: 'preparing', at: '2026-11-20 10:00:00' },
            { status: 'held', at: '2026-11-20 12:00:00' },
          ],
        }}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/発送を一時保留しています/)).toBeTruthy();
  });
});
