import type { CardErrorTarget, CardInput } from './card-token';

/** The confirm page's form values; only the fields of the chosen method are read. */
export interface ConfirmForm {
  payId: string;
  /** 'new' or a saved card's id. */
  card: string;
  n1: string;
  n2: string;
  n3: string;
  n4: string;
  month: string;
  year: string;
  cvc: string;
  cardName: string;
  saveCard: boolean;
  combini: 'econ' | 'other';
  bankName: string;
  carrier: 'sb_ktai' | 'au';
}

export const cardFromForm = (v: ConfirmForm): CardInput => ({
  number: [v.n1, v.n2, v.n3, v.n4],
  month: v.month,
  year: v.year,
  cvc: v.cvc,
  name: v.cardName,
});

/** Where each card problem is shown: a message under a field, or a banner for the form. */
export type CardErrors = Partial<Record<CardErrorTarget, string>>;
