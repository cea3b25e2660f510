import type { AdminCardImportPreview } from '@oripa/core/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { renderPage } from '../../../test/render';
import { importCards, previewCardImport, uploadImportPictures } from '../../api/card-import';
import { CardImportPage } from './CardImportPage';

vi.mock('../../api/card-import', () => ({
  CARD_EXPORT_URL: '/api/admin/cards/export',
  previewCardImport: vi.fn(),
  uploadImportPictures: vi.fn(),
  importCards: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(previewCardImport).mockReset();
  vi.mocked(uploadImportPictures).mockReset();
  vi.mocked(importCards).mockReset();
});

const row = (line: number, model: string, picture: string | null): AdminCardImportPreview['rows'][number] => ({
  line,
  model_number: model,
  name_ja: `星霊 ${line}`,
  name_en: `Starlore ${line}`,
  rarity: 1,
  card_type: 77,
  buy_point: 1200,
  picture,
  status: 'new',
});

function choose() {
  const csv = new File(['model_number,name_ja\r\n'], 'set.csv', { type: 'text/csv' });
  const pics = [new File([new Uint8Array(300)], 'SL-001.png'), new File([new Uint8Array(100)], 'SL-002.png')];
  fireEvent.change(screen.getByLabelText('カードのCSV'), { target: { files: [csv] } });
  fireEvent.change(screen.getByLabelText('画像（複数選択かZIP）'), { target: { files: pics } });
  fireEvent.click(screen.getByRole('button', { name: '内容を確認' }));
}

describe('CardImportPage', () => {
  it('shows every problem by line and column and keeps the import button off until the file is clean', async () => {
    vi.mocked(previewCardImport).mockResolvedValue({
      state: 200,
      preview: {
        lines: 3,
        rows: [row(2, 'SL-001', 'SL-001.png')],
        problems: [
          { line: 3, column: 'rarity', message: 'レアリティは0〜3かN・R・SR・URで入力してください', warning: false },
          {
            line: null,
            column: 'picture',
            message: '画像「SL-009.png」に対応する型番の行がありません',
            warning: false,
          },
          { line: 2, column: 'picture', message: '型番「SL-004」の画像がありません', warning: true },
        ],
        importable: false,
      },
    });
    renderPage(<CardImportPage />, '/admin/cards/import');
    choose();
    const table = await screen.findByRole('table', { name: '問題の一覧' });
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent?.trim()),
      );
    expect(lines).toEqual([
      ['3', 'レアリティ', 'レアリティは0〜3かN・R・SR・URで入力してください'],
      ['—', '画像', '画像「SL-009.png」に対応する型番の行がありません'],
      ['2', '画像', '注意 型番「SL-004」の画像がありません'],
    ]);
    expect(screen.getByText('3行（新規1枚）・問題2件・注意1件')).toBeTruthy();
    expect((screen.getByRole('button', { name: '登録' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('問題をすべて直すと登録できます（注意は登録を止めません）')).toBeTruthy();
    // The preview was asked with the pictures' names only: nothing is sent or written before the import.
    expect(vi.mocked(previewCardImport).mock.calls[0]![1]).toEqual(['SL-001.png', 'SL-002.png']);
    expect(uploadImportPictures).not.toHaveBeenCalled();
  });

  it('stores the pictures with a progress bar, then registers the cards with their URLs', async () => {
    vi.mocked(previewCardImport).mockResolvedValue({
      state: 200,
      preview: {
        lines: 2,
        rows: [row(2, 'SL-001', 'SL-001.png'), row(3, 'SL-002', 'SL-002.png')],
        problems: [],
        importable: true,
      },
    });
    let finish!: () => void;
    vi.mocked(uploadImportPictures).mockImplementation((files, onProgress) => {
      onProgress?.(200, 400);
      return new Promise((resolve) => {
        finish = () =>
          resolve({
            state: 200,
            pictures: files.map((f) => ({ name: f.name, url: `/media/img/ab/${f.name}-960.webp` })),
            problems: [],
          });
      });
    });
    vi.mocked(importCards).mockResolvedValue({ state: 200, created: 2, unchanged: 0 });
    renderPage(<CardImportPage />, '/admin/cards/import');
    choose();
    const button = await screen.findByRole('button', { name: '2枚を登録' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);

    const bar = await screen.findByLabelText('画像を保存中 0/2枚');
    // Half of the batch uploaded: a quarter of the way (the other half of a batch is the server storing it).
    expect(Number(bar.getAttribute('value')) / Number(bar.getAttribute('max'))).toBeCloseTo(0.25);
    finish();
    expect(await screen.findByText(/2枚を登録しました/)).toBeTruthy();
    expect(vi.mocked(uploadImportPictures).mock.calls[0]![0].map((f) => f.name)).toEqual(['SL-001.png', 'SL-002.png']);
    expect(vi.mocked(importCards).mock.calls[0]![1]).toEqual({
      'SL-001.png': '/media/img/ab/SL-001.png-960.webp',
      'SL-002.png': '/media/img/ab/SL-002.png-960.webp',
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
