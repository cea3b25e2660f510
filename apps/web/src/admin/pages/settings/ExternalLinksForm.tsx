import { EXTERNAL_LINK_KEYS, type ExternalLinkKey } from '@oripa/core';
import { shopSettingsSchema, type ShopSettings } from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { saveShopSettings } from '../../api/settings';
import { replyErrors, schemaErrors, type FormErrors } from '../cards/form-errors';
import { SaveRow } from './SaveRow';

const pick = (s: ShopSettings) =>
  Object.fromEntries(EXTERNAL_LINK_KEYS.map((k) => [k, s[k]])) as Record<ExternalLinkKey, string>;

/**
 * The spec's external links (issue 24): company site, column, winner reports, media list and the social account the
 * footer links to. Each is shown only while set; saved together, audited like every setting.
 */
export function ExternalLinksForm({ settings }: { settings: ShopSettings }) {
  const { t } = useTranslation('admin-settings');
  const id = useId();
  const queryClient = useQueryClient();
  const [links, setLinks] = useState(() => pick(settings));
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const found = schemaErrors(shopSettingsSchema, links);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const reply = await saveShopSettings(links);
    if (!isOk(reply)) return setErrors(replyErrors(reply, t('failed')));
    setSaved(true);
    setLinks(pick(reply.settings));
    await queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
  };
  return (
    <form className="a-card" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('links.title')}</h2>
      <p className="a-hint">{t('links.hint')}</p>
      {EXTERNAL_LINK_KEYS.map((k) => {
        const fieldErrors = errors[k] ?? [];
        return (
          <div className="a-field" key={k}>
            <label htmlFor={`${id}-${k}`}>{t(`links.${k}`)}</label>
            <input
              id={`${id}-${k}`}
              type="url"
              inputMode="url"
              value={links[k]}
              maxLength={300}
              placeholder="https://"
              aria-invalid={fieldErrors.length > 0}
              aria-describedby={fieldErrors.length > 0 ? `${id}-${k}-error` : undefined}
              onChange={(e) => setLinks({ ...links, [k]: e.target.value })}
            />
            {fieldErrors.length > 0 ? (
              <p id={`${id}-${k}-error`} className="a-error">
                {fieldErrors.join(' ')}
              </p>
            ) : null}
          </div>
        );
      })}
      <SaveRow general={errors.general} saved={saved} />
    </form>
  );
}
