import { trackingNumberSchema, type Carrier } from '@oripa/core/admin';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiReply } from '../../../api/client';
import { Field, FormAlert, SelectField } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';
import { CarrierOptions } from './CarrierSelect';

interface TrackingForm {
  carrier: Carrier;
  tracking_number: string;
}
const FIELDS = ['carrier', 'tracking_number'] as const;

/**
 * A parcel's single tracking entry: the carrier and number, checked by the core schema as the server checks them
 * (the carrier's shape and check digit), saved alone or with the move to shipped. The server's refusal (a number
 * already used, a parcel moved meanwhile) lands on its field or above the form.
 */
export function TrackingEntry(props: {
  initialCarrier: Carrier;
  initialNumber: string;
  canShip: boolean;
  send: (carrier: Carrier, number: string, ship: boolean) => Promise<ApiReply>;
  onDone: (ship: boolean) => Promise<void>;
}) {
  const { t } = useTranslation('admin-fulfilment');
  const id = useId();
  // Which submit button was pressed: read when the form is sent, so a ref (no render in between).
  const ship = useRef(false);
  const { register, errors, isSubmitting, general, submitTo } = useConsoleForm<TrackingForm>({
    schema: trackingNumberSchema,
    defaultValues: { carrier: props.initialCarrier, tracking_number: props.initialNumber },
    fields: FIELDS,
  });
  const onSubmit = submitTo({
    send: ({ carrier, tracking_number }) => props.send(carrier, tracking_number, ship.current),
    onSuccess: () => props.onDone(ship.current),
  });
  return (
    <section className="a-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('entry.title')}</h2>
      <form className="a-filters" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
        <FormAlert messages={general} />
        <SelectField label={t('import.carrier')} error={errors.carrier} {...register('carrier')}>
          <CarrierOptions />
        </SelectField>
        <Field
          label={t('entry.number')}
          inputMode="numeric"
          autoComplete="off"
          error={errors.tracking_number}
          {...register('tracking_number')}
        />
        <button type="submit" disabled={isSubmitting} onClick={() => (ship.current = false)}>
          {t('entry.save')}
        </button>
        {props.canShip ? (
          <button type="submit" className="a-primary" disabled={isSubmitting} onClick={() => (ship.current = true)}>
            {t('entry.saveAndShip')}
          </button>
        ) : null}
      </form>
    </section>
  );
}
