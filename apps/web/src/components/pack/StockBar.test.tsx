import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StockBar } from './StockBar';
import { useJapanese } from '../../test/pack-fixtures';

beforeAll(useJapanese);
afterEach(cleanup);

describe('StockBar', () => {
  it.each([
    [77, 'green'],
    [76, 'amber'],
    [31, 'amber'],
    [30, 'red'],
    [0, 'red'],
  ])('%i of 100 left is %s', (left, color) => {
    const { container } = render(<StockBar remaining={left} total={100} />);
    expect(container.querySelector('[data-color]')?.getAttribute('data-color')).toBe(color);
  });

  it('reads "残り 123/500" and exposes the value to screen readers', () => {
    render(<StockBar remaining={123} total={500} />);
    expect(screen.getByText('残り 123/500')).toBeTruthy();
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('123');
  });
});
