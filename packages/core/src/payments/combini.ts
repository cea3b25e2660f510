import {
  COMBINI_CODES,
  LEGACY_COMBINI_CODES,
  type CombiniCode,
  type CombiniInstructionKind,
} from '../contract/payments.ts';

/**
 * Convenience stores by chain (issue 23): what the buyer shows at each chain, and the deadline they are told.
 * Seven-Eleven takes the online payment slip (its number or barcode at the counter); Lawson, Ministop and
 * FamilyMart take a customer number and a confirmation number typed into the store's terminal; Daily Yamazaki and
 * Seicomart take the receipt number said at the counter.
 */
export interface CombiniChain {
  code: CombiniCode;
  name: { ja: string; en: string };
  instruction: CombiniInstructionKind;
  /** The steps at the store, in order. */
  steps: { ja: readonly string[]; en: readonly string[] };
}

const counter = {
  ja: ['レジで「オンライン決済」とお伝えください', 'お支払い番号（受付番号）をお伝えし、現金でお支払いください'],
  en: ['Tell the cashier you are paying an online order', 'Give the receipt number and pay in cash'],
};
const terminal = (machine: { ja: string; en: string }) => ({
  ja: [
    `店内の${machine.ja}で「各種番号をお持ちの方」を選びます`,
    'お客様番号と確認番号を入力し、発券された申込券をレジへお持ちください',
    '30分以内にレジで現金でお支払いください',
  ],
  en: [
    `At the ${machine.en} in the store, choose "I have a number"`,
    'Enter the customer number and the confirmation number, and take the printed slip to the counter',
    'Pay in cash at the counter within 30 minutes',
  ],
});

export const COMBINI_CHAINS: Readonly<Record<CombiniCode, CombiniChain>> = {
  'seven-eleven': {
    code: 'seven-eleven',
    name: { ja: 'セブン-イレブン', en: '7-Eleven' },
    instruction: 'online_slip',
    steps: {
      ja: [
        '払込票を表示し、レジで払込票番号（13桁）をお伝えいただくかバーコードをお見せください',
        '現金でお支払いください',
      ],
      en: ['Open the payment slip and give its 13-digit number, or show its barcode, at the counter', 'Pay in cash'],
    },
  },
  lawson: {
    code: 'lawson',
    name: { ja: 'ローソン', en: 'Lawson' },
    instruction: 'confirmation_number',
    steps: terminal({ ja: 'Loppi', en: 'Loppi terminal' }),
  },
  'family-mart': {
    code: 'family-mart',
    name: { ja: 'ファミリーマート', en: 'FamilyMart' },
    instruction: 'confirmation_number',
    steps: terminal({ ja: 'マルチコピー機', en: 'multi-copy machine' }),
  },
  ministop: {
    code: 'ministop',
    name: { ja: 'ミニストップ', en: 'Ministop' },
    instruction: 'confirmation_number',
    steps: terminal({ ja: 'Loppi', en: 'Loppi terminal' }),
  },
  'daily-yamazaki': {
    code: 'daily-yamazaki',
    name: { ja: 'デイリーヤマザキ', en: 'Daily Yamazaki' },
    instruction: 'receipt_number',
    steps: counter,
  },
  seicomart: {
    code: 'seicomart',
    name: { ja: 'セイコーマート', en: 'Seicomart' },
    instruction: 'receipt_number',
    steps: counter,
  },
};

/** A chain by code; an old client's store group (LEGACY_COMBINI_CODES) is read as its chain. */
export function combiniChain(code: string): CombiniChain | undefined {
  const c = (COMBINI_CODES as readonly string[]).includes(code) ? (code as CombiniCode) : LEGACY_COMBINI_CODES[code];
  return c ? COMBINI_CHAINS[c] : undefined;
}

/**
 * The buyer is told to pay this long before the provider really closes the payment, so nobody stands at a counter
 * paying an order the shop is about to cancel (a store's register can lag the provider's close).
 */
export const COMBINI_SHOWN_MARGIN_MINUTES = 60;

/** The deadline shown to the buyer for a payment the provider closes at `providerClose`. */
export function shownPayDeadline(providerClose: Date): Date {
  return new Date(providerClose.getTime() - COMBINI_SHOWN_MARGIN_MINUTES * 60_000);
}
