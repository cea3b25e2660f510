import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Header() {
  const { t } = useTranslation();
  return (
    <header>
      <Link to="/">{t('shopName')}</Link>
    </header>
  );
}
