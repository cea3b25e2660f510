import { useTranslation } from 'react-i18next';

/**
 * The shipping screens' heading. The shared header shows the same title and the 'skip shipping' link (through
 * its slot), so here it is only the page's h1 for screen readers and the document outline.
 */
export function ShipHeader({ titleId }: { titleId: string }) {
  const { t } = useTranslation('pack');
  return (
    <h1 id={titleId} className="visually-hidden">
      {t('ship.headerTitle')}
    </h1>
  );
}
