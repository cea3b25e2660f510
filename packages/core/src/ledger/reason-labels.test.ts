import { describe, expect, it } from 'vitest';
import { ledgerLabel } from './reason-labels.ts';
import { LEDGER_REASONS } from './reasons.ts';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const RAW = /\b(rank|site|pack|card)\s*\d|\d+\s*(pt|coin|cards)\b|_/i;

describe('ledgerLabel', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`labels every reason in ${lang}, with or without its subject, never as a code or a number`, () => {
      for (const reason of LEDGER_REASONS) {
        for (const row of [
          { reason },
          { reason, subject: 'ゴールデンパック', count: 3, rank: 3, memo: 'お詫び' },
          // Rows written before read-time labels: staff memos such as these must not show through.
          { reason, memo: reason === 'staff_adjustment' ? '' : 'rank 3', subject: '  ' },
        ]) {
          const label = ledgerLabel(lang, row);
          expect(label.trim(), `${reason} ${lang}`).not.toBe('');
          // A code such as 'rank_up_bonus' has an underscore (RAW); a one-word code must not be the whole label.
          expect(label, `${reason} ${lang}`).not.toBe(reason);
          expect(label, `${reason} ${lang}`).not.toMatch(RAW);
          if (lang === 'ja') expect(label, reason).toMatch(JAPANESE);
          else expect(label.replace('ゴールデンパック', '').replace('お詫び', ''), reason).not.toMatch(JAPANESE);
        }
      }
    });
  }

  it('names the rank, the pack and its draws, the site and the staff note', () => {
    expect(ledgerLabel('ja', { reason: 'rank_up_bonus', rank: 3 })).toBe('ランクアップボーナス（ゴールド）');
    expect(ledgerLabel('en', { reason: 'rank_maintenance', rank: 3, memo: 'rank 3' })).toBe(
      'Rank kept for the month (Gold)',
    );
    expect(ledgerLabel('ja', { reason: 'pack_purchase', subject: '星の箱', count: 10 })).toBe('ガチャ「星の箱」10回');
    expect(ledgerLabel('en', { reason: 'pack_purchase', subject: 'Star box', count: 10 })).toBe(
      '10 draws from Star box',
    );
    expect(ledgerLabel('en', { reason: 'partner_transfer', subject: 'Card Land', memo: 'site 1' })).toBe(
      'Points moved from Card Land',
    );
    expect(ledgerLabel('en', { reason: 'pack_purchase', subject: 'Sigil: Azure', count: 1 })).toBe(
      '1 draw from Sigil: Azure',
    );
    expect(ledgerLabel('ja', { reason: 'staff_adjustment', memo: '障害のお詫び' })).toBe(
      '運営による調整：障害のお詫び',
    );
    expect(ledgerLabel('en', { reason: 'point_purchase', subject: 'Credit card', memo: '1000pt' })).toBe(
      'Point purchase (Credit card)',
    );
  });

  it('words a reason it does not know instead of showing its code', () => {
    expect(ledgerLabel('en', { reason: 'something_new', memo: 'x' })).toBe('Balance change');
    expect(ledgerLabel('ja', { reason: 'something_new' })).toBe('残高の変動');
  });
});
