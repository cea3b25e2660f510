import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import {
  CLICK_POST_HEADER,
  clickPostRow,
  toCsv,
  YAMATO_B2_HEADER,
  yamatoB2Row,
  type CarrierFile,
  type ParcelForLabel,
  type Shipper,
  type ShipmentStatus,
  type YamatoService,
} from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { findSetting } from '../../../db/queries/settings.ts';
import { formatTokyo, prefectureName } from '@oripa/core';
import { shipmentBatches, type ShipmentWithLines } from './queue.ts';

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
 * A carrier's import file for the named shipments or every shipment in a status, in Shift_JIS as Windows writes it
 * (CP932: with the NEC and IBM extensions, e.g. 髙 and ①, that Japanese names and addresses use), CRLF, with its
 * download name. The body is a stream: the header, then each batch of shipments as it is read (queue.ts
 * shipmentBatches), so a status of any size comes out whole in the memory of one batch (issue 21). What it needs
 * before the first row (the shipper) is read before it answers, so a failure there is an error reply, not a cut file.
 */
export async function carrierFile(
  ctx: AppContext,
  pick: { ids: number[] } | { status: ShipmentStatus },
  opts: CarrierFileOptions,
): Promise<{ body: Readable; fileName: string }> {
  const now = ctx.clock.now();
  const stamp = formatTokyo(now).replace(/[-: ]/g, '').slice(0, 12);
  const shipDate = formatTokyo(now).slice(0, 10).replaceAll('-', '/');
  const sender = opts.format === 'yamato_b2' ? await shipper(ctx, opts.customerCode) : null;
  const header = sender ? YAMATO_B2_HEADER : CLICK_POST_HEADER;
  const row = (p: ParcelForLabel) => (sender ? yamatoB2Row(p, sender, shipDate, opts.service) : clickPostRow(p));
  const cp932 = (rows: string[][]) => iconv.encode(toCsv(rows), 'cp932');
  async function* chunks() {
    yield cp932([[...header]]);
    for await (const batch of shipmentBatches(ctx, pick)) yield cp932(batch.map(parcelOf).map(row));
  }
  return { body: Readable.from(chunks()), fileName: `${opts.format}_${stamp}.csv` };
}
