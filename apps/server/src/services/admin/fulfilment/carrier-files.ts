import iconv from 'iconv-lite';
import {
  clickPostCsv,
  yamatoB2Csv,
  type CarrierFile,
  type ParcelForLabel,
  type Shipper,
  type YamatoService,
} from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { findSetting } from '../../../db/queries/settings.ts';
import { formatTokyo, prefectureName } from '@oripa/core';
import type { ShipmentWithLines } from './queue.ts';

const YAMATO_CODE_KEY = 'shipping.yamato_customer_code';
const YAMATO_FREIGHT_KEY = 'shipping.yamato_freight_code';

/** The shop as sender (the operator of the commercial notice), split into the label's fields. */
async function shipper(ctx: AppContext, customerCode: string | undefined): Promise<Shipper> {
  const op = ctx.config.operator;
  const m = /^〒?\s*(\d{3})-?(\d{4})\s*(.*)$/.exec(op.address);
  const db = ctx.db.pool;
  return {
    name: op.name,
    zipcode: m ? `${m[1]}${m[2]}` : '',
    address: m ? m[3]! : op.address,
    building: '',
    tel: op.phone.replaceAll('-', ''),
    yamatoCustomerCode: customerCode ?? (await findSetting(db, YAMATO_CODE_KEY)) ?? '',
    yamatoFreightCode: (await findSetting(db, YAMATO_FREIGHT_KEY)) ?? '01',
  };
}

export function parcelOf(s: ShipmentWithLines): ParcelForLabel {
  const a = s.address;
  return {
    shipmentId: Number(s.id),
    zipcode: a.zipcode,
    prefecture: prefectureName(a.pref_id, 'ja'),
    shiku: a.shiku,
    address: a.address,
    building: a.building ?? '',
    name: a.name,
    tel: a.tel,
    cardCount: s.lines.length,
  };
}

export interface CarrierFileOptions {
  format: CarrierFile;
  service: YamatoService;
  /** B2 Cloud 請求先顧客コード; else the setting shipping.yamato_customer_code. */
  customerCode?: string;
}

/**
 * A carrier's import file for these shipments in Shift_JIS as Windows writes it (CP932: with the NEC and IBM
 * extensions, e.g. 髙 and ①, that Japanese names and addresses use), CRLF, with its download name.
 */
export async function carrierFile(
  ctx: AppContext,
  shipments: ShipmentWithLines[],
  opts: CarrierFileOptions,
): Promise<{ body: Buffer; fileName: string }> {
  const now = ctx.clock.now();
  const stamp = formatTokyo(now).replace(/[-: ]/g, '').slice(0, 12);
  const parcels = shipments.map(parcelOf);
  const text =
    opts.format === 'yamato_b2'
      ? yamatoB2Csv(
          parcels,
          await shipper(ctx, opts.customerCode),
          formatTokyo(now).slice(0, 10).replaceAll('-', '/'),
          opts.service,
        )
      : clickPostCsv(parcels);
  return { body: iconv.encode(text, 'cp932'), fileName: `${opts.format}_${stamp}.csv` };
}
