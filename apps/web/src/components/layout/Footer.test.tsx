import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { Footer } from './Footer';

const operator = {
  name: '株式会社キラキラ',
  nameEn: 'Kirakira Inc.',
  representative: '山田 太郎',
  representativeEn: 'Taro Yamada',
  address: '東京都渋谷区1-2-3',
  addressEn: '1-2-3 Shibuya, Tokyo',
  phone: '03-1234-5678',
  email: 'support@kirakira-oripa.example',
};
const siteInfo = {
  state: 200,
  operator,
  support_hours: { days: 'weekdays', open: '10:00', close: '17:00' },
  shop_name: { ja: 'キラキラオリパ', en: 'KIRAKIRA ORIPA' },
  antique_dealer_licence: '',
  links: {
    company_url: 'https://company.example/',
    column_url: '',
    winners_url: '',
    media_url: '',
    social_url: 'https://social.example/kirakira',
  },
};

describe('Footer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(cleanup);

  it('shows the phone number as a tel: link beside the phone hours (issue 24)', async () => {
    mockApi({ 'GET /user/site_info': siteInfo, 'GET /user/card_type': { state: 200, list: [] } });
    renderPage(<Footer />);
    const call = await screen.findByRole('link', { name: '03-1234-5678' });
    expect(call.getAttribute('href')).toBe('tel:0312345678');
    expect(call.closest('p')?.textContent).toBe('お電話でのお問い合わせ 03-1234-5678平日 10:00〜17:00');
  });

  it('shows the hours alone while the operator is unknown', async () => {
    mockApi({ 'GET /user/site_info': { state: 500 }, 'GET /user/card_type': { state: 200, list: [] } });
    renderPage(<Footer />);
    expect(await screen.findByText('お電話でのお問い合わせ：平日 10:00〜17:00')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^0\d/ })).toBeNull();
  });

  it('lists the external links the owner set, each in a new tab, and none that is empty (issue 24)', async () => {
    mockApi({ 'GET /user/site_info': siteInfo, 'GET /user/card_type': { state: 200, list: [] } });
    renderPage(<Footer />);
    const company = await screen.findByRole('link', { name: /^運営会社/ });
    expect(company.getAttribute('href')).toBe('https://company.example/');
    expect(company.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /^公式X/ }).getAttribute('href')).toBe('https://social.example/kirakira');
    expect(screen.queryByRole('link', { name: /^コラム/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^当選報告/ })).toBeNull();
  });

  it('on a checkout page keeps only the legal pages, contact and the operator (issue 23)', async () => {
    mockApi({
      'GET /user/site_info': siteInfo,
      'GET /user/card_type': { state: 200, list: [{ id: 1, name: 'ドラゴンシジル' }] },
    });
    renderPage(<Footer checkout />);
    expect(await screen.findByRole('link', { name: '03-1234-5678' })).toBeTruthy();
    for (const name of [
      /^ご利用ガイド/,
      /^利用規約/,
      /^プライバシーポリシー/,
      /^特定商取引法に基づく表記/,
      /^お問い合わせ/,
    ])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(await screen.findByText('© ' + new Date().getFullYear() + ' 株式会社キラキラ')).toBeTruthy();
    // What a buyer paying does not need: the categories, the brand block, the owner's other links.
    expect(screen.queryByRole('link', { name: 'ドラゴンシジル' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^運営会社/ })).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
