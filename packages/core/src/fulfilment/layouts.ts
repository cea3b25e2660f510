import { toCsv } from './csv.ts';
import { hyphenZip } from '../contract/address.ts';

/** One parcel as the carrier files need it (ADR 0018). */
export interface ParcelForLabel {
  shipmentId: number;
  zipcode: string;
  prefecture: string;
  shiku: string;
  address: string;
  building: string;
  name: string;
  tel: string;
  cardCount: number;
}

/** The shop as the sender on a Yamato label, and its B2 Cloud billing numbers. */
export interface Shipper {
  name: string;
  zipcode: string;
  address: string;
  building: string;
  tel: string;
  /** 請求先顧客コード (10 to 12 digits, from the Yamato contract). */
  yamatoCustomerCode: string;
  /** 運賃管理番号 (usually "01"). */
  yamatoFreightCode: string;
}

/** B2 Cloud 送り状種類: 0 発払 (宅急便), 8 宅急便コンパクト. */
export const YAMATO_SERVICES = { takkyubin: '0', compact: '8' } as const;
export type YamatoService = keyof typeof YAMATO_SERVICES;

const hyphenTel = (t: string) =>
  /^0[789]0\d{8}$/.test(t)
    ? `${t.slice(0, 3)}-${t.slice(3, 7)}-${t.slice(7)}`
    : /^0\d{9}$/.test(t)
      ? `${t.slice(0, 2)}-${t.slice(2, 6)}-${t.slice(6)}`
      : t;
const ITEM = 'トレーディングカード';

/** The B2 Cloud standard import layout ("外部データ取込", 基本レイアウト), columns 1-42, in order. */
export const YAMATO_B2_HEADER = [
  'お客様管理番号',
  '送り状種類',
  'クール区分',
  '伝票番号',
  '出荷予定日',
  'お届け予定日',
  '配達時間帯',
  'お届け先コード',
  'お届け先電話番号',
  'お届け先電話番号枝番',
  'お届け先郵便番号',
  'お届け先住所',
  'お届け先アパートマンション名',
  'お届け先会社・部門１',
  'お届け先会社・部門２',
  'お届け先名',
  'お届け先名(ｶﾅ)',
  '敬称',
  'ご依頼主コード',
  'ご依頼主電話番号',
  'ご依頼主電話番号枝番',
  'ご依頼主郵便番号',
  'ご依頼主住所',
  'ご依頼主アパートマンション',
  'ご依頼主名',
  'ご依頼主名(ｶﾅ)',
  '品名コード１',
  '品名１',
  '品名コード２',
  '品名２',
  '荷扱い１',
  '荷扱い２',
  '記事',
  'ｺﾚｸﾄ代金引換額（税込)',
  '内消費税額等',
  '止置き',
  '営業所コード',
  '発行枚数',
  '個数口表示フラグ',
  '請求先顧客コード',
  '請求先分類コード',
  '運賃管理番号',
] as const;

/**
 * One row of a B2 Cloud import file: お客様管理番号 is our shipment id, which the tracking import reads back. The
 * server streams a file of any size as the header, then these rows a batch at a time (issue 21).
 */
export function yamatoB2Row(p: ParcelForLabel, shipper: Shipper, shipDate: string, service: YamatoService): string[] {
  const r: Record<(typeof YAMATO_B2_HEADER)[number], string> = Object.fromEntries(
    YAMATO_B2_HEADER.map((h) => [h, '']),
  ) as never;
  r['お客様管理番号'] = String(p.shipmentId);
  r['送り状種類'] = YAMATO_SERVICES[service];
  r['クール区分'] = '0';
  r['出荷予定日'] = shipDate;
  r['お届け先電話番号'] = hyphenTel(p.tel);
  r['お届け先郵便番号'] = hyphenZip(p.zipcode);
  r['お届け先住所'] = `${p.prefecture}${p.shiku}${p.address}`;
  r['お届け先アパートマンション名'] = p.building;
  r['お届け先名'] = p.name;
  r['敬称'] = '様';
  r['ご依頼主電話番号'] = hyphenTel(shipper.tel);
  r['ご依頼主郵便番号'] = hyphenZip(shipper.zipcode);
  r['ご依頼主住所'] = shipper.address;
  r['ご依頼主アパートマンション'] = shipper.building;
  r['ご依頼主名'] = shipper.name;
  r['品名１'] = ITEM;
  r['荷扱い１'] = '精密機器';
  r['荷扱い２'] = '水濡厳禁';
  r['記事'] = `カード${p.cardCount}枚`;
  r['請求先顧客コード'] = shipper.yamatoCustomerCode;
  r['運賃管理番号'] = shipper.yamatoFreightCode;
  return YAMATO_B2_HEADER.map((h) => r[h]);
}

/** A whole B2 Cloud import file (header and rows). */
export function yamatoB2Csv(parcels: ParcelForLabel[], shipper: Shipper, shipDate: string, service: YamatoService) {
  return toCsv([[...YAMATO_B2_HEADER], ...parcels.map((p) => yamatoB2Row(p, shipper, shipDate, service))]);
}

/** Japan Post click post まとめ申込 file: 8 columns, header row; address in up to four lines. */
export const CLICK_POST_HEADER = [
  'お届け先郵便番号',
  'お届け先氏名',
  'お届け先敬称',
  'お届け先住所1行目',
  'お届け先住所2行目',
  'お届け先住所3行目',
  'お届け先住所4行目',
  '内容品',
] as const;

export function clickPostRow(p: ParcelForLabel): string[] {
  return [p.zipcode.replace('-', ''), p.name, '様', `${p.prefecture}${p.shiku}`, p.address, p.building, '', ITEM];
}

export function clickPostCsv(parcels: ParcelForLabel[]) {
  return toCsv([[...CLICK_POST_HEADER], ...parcels.map(clickPostRow)]);
}

export const CARRIER_FILES = ['yamato_b2', 'click_post'] as const;
export type CarrierFile = (typeof CARRIER_FILES)[number];
