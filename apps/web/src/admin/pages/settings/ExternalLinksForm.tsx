import { EXTERNAL_LINK_KEYS } from '@oripa/core';
import type { ShopSettings } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';
import { ShopSettingsForm } from './ShopSettingsForm';

/**
 * The spec's external links (issue 24): company site, column, winner reports, media list and the social account the
 * footer links to. Each is shown only while set; saved together, audited like every setting.
 */
export function ExternalLinksForm({ settings }: { settings: ShopSettings }) {
  const { t } = useTranslation('admin-settings');
  return (
    <ShopSettingsForm
      settings={settings}
      keys={EXTERNAL_LINK_KEYS}
      title={t('links.title')}
      hint={t('links.hint')}
      label={(k) => t(`links.${k}`)}
      input={{ type: 'url', inputMode: 'url', maxLength: 300, placeholder: 'https://' }}
    />
  );
}
