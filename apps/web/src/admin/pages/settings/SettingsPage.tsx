import type { ShopSettings } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { fetchShopSettings } from '../../api/settings';
import { ExternalLinksForm } from './ExternalLinksForm';
import { ShopSettingsForm } from './ShopSettingsForm';

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

/** The 古物商許可番号 (shown on the 特定商取引法 page and in the footer while set). */
export function SettingsForm({ settings }: { settings: ShopSettings }) {
  const { t } = useTranslation('admin-settings');
  return (
    <ShopSettingsForm
      settings={settings}
      keys={['antique_dealer_licence']}
      title={t('licence.title')}
      hint={t('licence.hint')}
      label={() => t('licence.label')}
      input={{ maxLength: 80, placeholder: t('licence.placeholder') }}
      after={(v) => (
        <p className="a-hint">{v.antique_dealer_licence?.trim() ? t('licence.shown') : t('licence.hidden')}</p>
      )}
    />
  );
}
