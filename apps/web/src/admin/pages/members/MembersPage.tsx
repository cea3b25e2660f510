import { useTranslation } from 'react-i18next';

/** /admin/members (support): search members. */
export function MembersPage() {
  const { t } = useTranslation('admin-nav');
  return <h1>{t('members')}</h1>;
}
