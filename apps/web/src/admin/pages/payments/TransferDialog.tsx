import type { PaymentStatus } from '@oripa/core';
import type { AdminPayment } from '@oripa/core/admin';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { markTransferReceived, rejectTransfer } from '../../api/payments';

/**
 * Marking a bank transfer received (the staff member types the amount on the statement; the server checks it
 * against the amount due and credits through the gateway's path) or rejecting it with a reason.
 */
export function TransferDialog(props: {
  payment: AdminPayment;
  mode: 'received' | 'rejected';
  onClose: () => void;
  onDone: (status: PaymentStatus) => void;
}) {
  const { t } = useTranslation('admin-payments');
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const p = props.payment;
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const reply =
      props.mode === 'received'
        ? await markTransferReceived(p.id, Number(amount.replace(/[,，\s円]/g, '')), reason)
        : await rejectTransfer(p.id, reason);
    setBusy(false);
    if (isOk(reply)) props.onDone(reply.status);
    else setErrors(reply.errors ?? {});
  };
  const err = (field: string) => errors[field]?.[0];
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-h`} onClose={props.onClose} className="a-card">
      <form onSubmit={submit}>
        <h2 id={`${id}-h`}>
          {props.mode === 'received' ? t('reconcile.received') : t('reconcile.reject')} — {p.public_id}
        </h2>
        <p>{t('reconcile.forTransfer', { name: p.holder_name || p.member_name, amount: p.amount.toLocaleString() })}</p>
        {props.mode === 'received' ? (
          <div className="a-field">
            <label htmlFor={`${id}-amount`}>{t('reconcile.amount')}</label>
            <input
              id={`${id}-amount`}
              inputMode="numeric"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={err('amount') ? true : undefined}
              aria-describedby={`${id}-amount-hint`}
            />
            <small
              id={`${id}-amount-hint`}
              className={err('amount') ? 'a-error' : 'a-hint'}
              role={err('amount') ? 'alert' : undefined}
            >
              {err('amount') ?? t('reconcile.amountHint', { amount: p.amount.toLocaleString() })}
            </small>
          </div>
        ) : null}
        <div className="a-field">
          <label htmlFor={`${id}-reason`}>
            {props.mode === 'received' ? t('reconcile.memo') : t('reconcile.reason')}
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required={props.mode === 'rejected'}
            aria-invalid={err('reason') ? true : undefined}
          />
          {err('reason') ? (
            <small className="a-error" role="alert">
              {err('reason')}
            </small>
          ) : null}
        </div>
        {err('general') ? (
          <p className="a-alert" role="alert">
            {err('general')}
          </p>
        ) : null}
        <div className="a-row">
          <button type="submit" className={props.mode === 'received' ? 'a-primary' : 'a-danger'} disabled={busy}>
            {props.mode === 'received' ? t('reconcile.confirm') : t('reconcile.confirmReject')}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('reconcile.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
