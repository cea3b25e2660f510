import type { PaymentStatus } from '@oripa/core';
import { transferReceivedSchema, transferRejectedSchema, type AdminPayment } from '@oripa/core/admin';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { markTransferReceived, rejectTransfer } from '../../api/payments';
import { Field, FormAlert } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';

interface TransferForm {
  amount: string;
  reason: string;
}
const FIELDS = ['amount', 'reason'] as const;
// The routes' schemas without the payment's id (the dialog knows it).
const receivedSchema = transferReceivedSchema.omit({ id: true });
const rejectedSchema = transferRejectedSchema.omit({ id: true });

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
  const received = props.mode === 'received';
  const p = props.payment;
  const { register, errors, isSubmitting, general, submitTo } = useConsoleForm<TransferForm, Partial<TransferForm>>({
    schema: received ? receivedSchema : rejectedSchema,
    defaultValues: { amount: '', reason: '' },
    // The amount as the statement shows it may carry separators or 円; the server reads the digits.
    toBody: (v) => (received ? { amount: v.amount.replace(/[,，\s円]/g, ''), reason: v.reason } : { reason: v.reason }),
    fields: FIELDS,
  });
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const onSubmit = submitTo({
    send: (v) =>
      received ? markTransferReceived(p.id, Number(v.amount), v.reason ?? '') : rejectTransfer(p.id, v.reason ?? ''),
    onSuccess: (_v, reply) => props.onDone((reply as unknown as { status: PaymentStatus }).status),
  });
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-h`} onClose={props.onClose} className="a-card">
      <form onSubmit={onSubmit} noValidate>
        <h2 id={`${id}-h`}>
          {props.mode === 'received' ? t('reconcile.received') : t('reconcile.reject')} — {p.public_id}
        </h2>
        <p>{t('reconcile.forTransfer', { name: p.holder_name || p.member_name, amount: p.amount.toLocaleString() })}</p>
        <FormAlert messages={general} />
        {received ? (
          <Field
            label={t('reconcile.amount')}
            inputMode="numeric"
            hint={t('reconcile.amountHint', { amount: p.amount.toLocaleString() })}
            error={errors.amount}
            {...register('amount')}
          />
        ) : null}
        <Field
          label={received ? t('reconcile.memo') : t('reconcile.reason')}
          error={errors.reason}
          {...register('reason')}
        />
        <div className="a-row">
          <button
            type="submit"
            className={props.mode === 'received' ? 'a-primary' : 'a-danger'}
            disabled={isSubmitting}
          >
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
