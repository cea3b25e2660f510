import type { CarrierId, CombiniCode, LegacyCombiniCode } from '@oripa/core';
import { cardDigits } from './card-number';
import { splitCardNumber, type CardErrorTarget, type CardInput } from './card-token';

/** The confirm page's form values; only the fields of the chosen method are read. */
export interface ConfirmForm {
  payId: string;
  /** 'new' or a saved card's id. */
  card: string;
  /** The card number as typed in its one field (spaces allowed; lib/payment/card-number.ts). */
  cardNumber: string;
  month: string;
  year: string;
  cvc: string;
  cardName: string;
  saveCard: boolean;
  /** A chain; an old store group ('econ') is still read by the server as its chain (core LEGACY_COMBINI_CODES). */
  combini: CombiniCode | LegacyCombiniCode;
  bankName: string;
  carrier: CarrierId;
}

export const cardFromForm = (
  v: Pick<ConfirmForm, 'cardNumber' | 'month' | 'year' | 'cvc' | 'cardName'>,
): CardInput => ({
  number: splitCardNumber(cardDigits(v.cardNumber ?? '')),
  month: v.month,
  year: v.year,
  cvc: v.cvc,
  name: v.cardName,
});

/** Where each card problem is shown: a message under a field, or a banner for the form. */
export type CardErrors = Partial<Record<CardErrorTarget, string>>;
