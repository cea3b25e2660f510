import { zodResolver } from '@hookform/resolvers/zod';
import { addressSchema, hyphenZip, OVERSEAS_PREF_ID, type AddressInput } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { lookupZipcode, saveAddress, USER_DETAIL_KEY, useUserDetail } from '../../api/account';
import { usePrefectures } from '../../api/prefectures';
import { currentLang } from '../../i18n';
import { Modal } from '../ui/Modal';
import { FormAlert, SelectField, TextField } from './FormField';
import { applyServerErrors, errorText } from '../../lib/account/server-errors';
import styles from './AccountForm.module.css';
import { SubmitButton } from '../ui/SubmitButton';

type AddressForm = z.input<typeof addressSchema>;
const FIELDS = ['zipcode', 'pref_id', 'shiku', 'address', 'building'] as const;
const ZIP_COMPLETE = /^\d{7}$/;

export interface AddressModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after the server saved the address (the user-detail query is already invalidated). */
  onSaved?: () => void;
}

/**
 * The shipping-address popup (spec sections 2 and 5), used by My page, the side menu and the shipping decision.
 * In Japanese mode a complete 7-digit postal code fills prefecture, city and town; saving asks for confirmation
 * inside the popup, then shows the server's first message per field or closes.
 */
export function AddressModal({ open, onClose, onSaved }: AddressModalProps) {
  const { t } = useTranslation('account');
  const qc = useQueryClient();
  const detail = useUserDetail({ enabled: open });
  const prefectures = usePrefectures(open);
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [lookup, setLookup] = useState<'idle' | 'busy' | 'notFound'>('idle');
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const latestZip = useRef('');
  const filledFrom = useRef<unknown>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<AddressForm, unknown, AddressInput>({
    resolver: zodResolver(addressSchema),
    defaultValues: { zipcode: '', pref_id: 0, shiku: '', address: '', building: '' },
  });

  // Each opening starts on the edit step from the saved address (English mode starts on "overseas"); a layout
  // effect, so the fields are filled before the popup is painted and cannot splice into what is being typed.
  const saved = detail.data?.detail;
  useLayoutEffect(() => {
    if (!open) {
      filledFrom.current = null;
      return;
    }
    if (filledFrom.current === (saved ?? 'none')) return;
    if (detail.isPending) return;
    filledFrom.current = saved ?? 'none';
    // The saved address arrived after the member started typing: what they typed wins.
    if (isDirty) return;
    const fallbackPref = currentLang() === 'en' ? OVERSEAS_PREF_ID : 0;
    reset({
      zipcode: saved?.zipcode ?? '',
      pref_id: saved?.pref_id || fallbackPref,
      shiku: saved?.shiku ?? '',
      address: saved?.address ?? '',
      building: saved?.building ?? '',
    });
    setStep('edit');
    setLookup('idle');
    setGeneral([]);
  }, [open, saved, detail.isPending, reset, isDirty]);

  // The lookup fires only for exactly 7 digits (spec section 5), in both languages since issue 13: a Japanese
  // address is filled in Japanese (as it is delivered) whichever language the page is in.
  const lookUp = async (zipcode: string) => {
    latestZip.current = zipcode;
    if (!ZIP_COMPLETE.test(zipcode)) {
      setLookup('idle');
      return;
    }
    setLookup('busy');
    const reply = await lookupZipcode(zipcode);
    if (latestZip.current !== zipcode) return; // the code changed while we waited
    if (reply.networkError) {
      setLookup('idle'); // keep what the member typed; they can fill it in by hand
      return;
    }
    const hit = reply.state === 200 ? reply.list?.[0] : undefined;
    if (hit) {
      setValue('pref_id', Number(hit.prefcode), { shouldValidate: true });
      setValue('shiku', hit.address2, { shouldValidate: true });
      setValue('address', hit.address3);
      setLookup('idle');
    } else {
      setValue('pref_id', 0);
      setValue('shiku', '');
      setLookup('notFound');
    }
  };

  const save = async () => {
    setSaving(true);
    setGeneral([]);
    const v = getValues();
    const reply = await saveAddress({
      zipcode: v.zipcode,
      pref_id: Number(v.pref_id),
      shiku: v.shiku,
      address: v.address,
      building: v.building ?? '',
    });
    setSaving(false);
    if (reply.state === 200) {
      await qc.invalidateQueries({ queryKey: USER_DETAIL_KEY });
      onSaved?.();
      onClose();
      return;
    }
    // Back to the fields, each with the server's first message for it.
    setStep('edit');
    setGeneral(applyServerErrors(reply, setError, FIELDS));
  };

  const prefName = (id: unknown) => prefectures.find((p) => p.id === Number(id))?.name ?? '';
  const english = currentLang() === 'en';

  return (
    <Modal open={open} onClose={onClose} title={t('addressModal.title')}>
      {step === 'confirm' ? (
        <div className={styles.form}>
          <p role="alert">{t('addressModal.confirmQuestion')}</p>
          <address className={styles.addressPreview}>
            〒{hyphenZip(getValues('zipcode'))}
            <br />
            {prefName(getValues('pref_id'))} {getValues('shiku')} {getValues('address')}
            {getValues('building') ? (
              <>
                <br />
                {getValues('building')}
              </>
            ) : null}
          </address>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={save} disabled={saving} aria-busy={saving}>
              {t('addressModal.register')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setStep('edit')} disabled={saving}>
              {t('addressModal.back')}
            </button>
          </div>
        </div>
      ) : (
        <form method="post" className={styles.form} onSubmit={handleSubmit(() => setStep('confirm'))} noValidate>
          <FormAlert messages={general} />
          <TextField
            label={t('fields.zipcode')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={7}
            required
            hint={t(english ? 'hints.zipcodeEn' : 'hints.zipcode')}
            placeholder={t('placeholders.zipcode')}
            error={errorText(errors.zipcode)}
            {...register('zipcode', { onChange: (e) => void lookUp(String(e.target.value)) })}
          />
          <p className={styles.hint} role="status" aria-live="polite">
            {lookup === 'busy' ? t('addressModal.lookingUp') : lookup === 'notFound' ? t('addressModal.notFound') : ''}
          </p>
          <SelectField
            label={t('fields.pref')}
            autoComplete="address-level1"
            required
            error={errorText(errors.pref_id)}
            {...register('pref_id', { valueAsNumber: true })}
          >
            <option value={0}>{t('addressModal.choosePref')}</option>
            {prefectures.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('fields.shiku')}
            autoComplete="address-level2"
            required
            placeholder={t('placeholders.shiku')}
            error={errorText(errors.shiku)}
            {...register('shiku')}
          />
          <TextField
            label={t('fields.address')}
            autoComplete="address-line1"
            required
            placeholder={t('placeholders.address')}
            error={errorText(errors.address)}
            {...register('address')}
          />
          <TextField
            label={t('fields.building')}
            autoComplete="address-line2"
            placeholder={t('placeholders.building')}
            error={errorText(errors.building)}
            {...register('building')}
          />
          <div className={styles.actions}>
            <SubmitButton className={styles.primary} disabled={lookup === 'busy'}>
              {t('addressModal.next')}
            </SubmitButton>
            <button type="button" className={styles.secondary} onClick={onClose}>
              {t('addressModal.cancel')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
