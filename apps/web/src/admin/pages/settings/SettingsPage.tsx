import { shopSettingsSchema, type ShopSettings } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { fetchShopSettings, saveShopSettings } from '../../api/settings';
import { replyErrors, schemaErrors, type FormErrors } from '../cards/form-errors';
import { SaveRow } from './SaveRow';
import { ExternalLinksForm } from './ExternalLinksForm';

/** /admin/settings (owner): the shop's settings core defines: the 古物商許可番号 and the external links. Saving is audited. */
export function SettingsPage() {
  const { t } = useTranslation('admin-settings');
  const q = useQuery({ queryKey: ['admin', 'settings'], queryFn: fetchShopSettings });
  return (
    <>
      <h1>{t('title')}</h1>
      {isOk(q.data) ? (
        <>
          <SettingsForm key={JSON.stringify(q.data.settings)} settings={q.data.settings} />
          <ExternalLinksForm key={`links-${JSON.stringify(q.data.settings)}`} settings={q.data.settings} />
        </>
      ) : null}
    </>
  );
}

export function SettingsForm({ settings }: { settings: ShopSettings }) {
  const { t } = useTranslation('admin-settings');
  const id = useId();
  const queryClient = useQueryClient();
  const [licence, setLicence] = useState(settings.antique_dealer_licence);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const input = { antique_dealer_licence: licence };
    const found = schemaErrors(shopSettingsSchema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const reply = await saveShopSettings(input);
    if (!isOk(reply)) return setErrors(replyErrors(reply, t('failed')));
    setSaved(true);
    setLicence(reply.settings.antique_dealer_licence);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
  };
  const fieldErrors = errors.antique_dealer_licence ?? [];
  return (
    <form className="a-card" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('licence.title')}</h2>
      <p className="a-hint">{t('licence.hint')}</p>
      <div className="a-field">
        <label htmlFor={`${id}-licence`}>{t('licence.label')}</label>
        <input
          id={`${id}-licence`}
          value={licence}
          maxLength={80}
          placeholder={t('licence.placeholder')}
          aria-invalid={fieldErrors.length > 0}
          aria-describedby={fieldErrors.length > 0 ? `${id}-licence-error` : undefined}
          onChange={(e) => setLicence(e.target.value)}
        />
        {fieldErrors.length > 0 ? (
          <p id={`${id}-licence-error`} className="a-error">
            {fieldErrors.join(' ')}
          </p>
        ) : null}
      </div>
      <p className="a-hint">{licence.trim() ? t('licence.shown') : t('licence.hidden')}</p>
      <SaveRow general={errors.general} saved={saved} />
    </form>
  );
}
