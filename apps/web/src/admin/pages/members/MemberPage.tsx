import { useTranslation } from 'react-i18next';

/** /admin/members/:id (support): one member. */
export function MemberPage() {
  const { t } = useTranslation('admin-nav');
  return <h1>{t('member')}</h1>;
}
