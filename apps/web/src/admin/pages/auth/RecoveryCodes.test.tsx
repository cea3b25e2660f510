import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { RecoveryCodes } from './SecondFactorPage';

const CODES = ['abcde-fghij', 'klmno-pqrst', '23456-789ab'];

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('ja');
});

describe('the recovery codes (issue 21 §10)', () => {
  it('copies every code to the clipboard and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage(<RecoveryCodes codes={CODES} />, '/admin/2fa');
    fireEvent.click(screen.getByRole('button', { name: 'すべてコピー' }));
    expect(await screen.findByText('3個のコードをクリップボードにコピーしました')).toBeTruthy();
    const copied = writeText.mock.calls[0]![0] as string;
    expect(copied.split('\n').filter((l) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(l))).toEqual(CODES);
    expect(copied).toContain('リカバリーコード');
  });

  it('says so when the clipboard refuses, and the codes stay on screen', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    renderPage(<RecoveryCodes codes={CODES} />, '/admin/2fa');
    fireEvent.click(screen.getByRole('button', { name: 'すべてコピー' }));
    expect(await screen.findByText('コピーできませんでした。表示された内容を選択してコピーしてください')).toBeTruthy();
    expect(screen.getByTestId('recovery-codes').textContent).toContain('klmno-pqrst');
  });

  it('downloads them as a .txt with every code, and says it was saved', async () => {
    let blob: Blob | null = null;
    const create = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:codes';
    });
    // jsdom has no object URLs: the file's Blob is caught where the browser would make its URL.
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderPage(<RecoveryCodes codes={CODES} />, '/admin/2fa');
    fireEvent.click(screen.getByRole('button', { name: 'テキストファイルで保存（.txt）' }));
    expect(await screen.findByText('テキストファイルを保存しました')).toBeTruthy();
    expect(clicked[0]!.download).toBe('oripa-console-recovery-codes.txt');
    expect(blob!.type).toContain('text/plain');
    const text = await blob!.text();
    expect(text.split('\n').filter((l) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(l))).toEqual(CODES);
  });

  it('goes on only once the staff member affirms the codes are saved', async () => {
    mockApi({ 'GET /admin/session': { state: 200, staff: null } });
    renderPage(<RecoveryCodes codes={CODES} />, '/admin/2fa');
    const go = screen.getByRole('button', { name: 'コンソールへ進む' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('リカバリーコードを保存しました'));
    await waitFor(() => expect(go.disabled).toBe(false));
  });
});
