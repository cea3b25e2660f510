import type { Brand } from '../../lib/payment/method-brands';
import styles from './Payment.module.css';

/** One generated badge: the brand's colours and its name or initials as text (no brand artwork). */
export function BrandBadge({ brand, decorative = false }: { brand: Brand; decorative?: boolean }) {
  return (
    <svg
      className={styles.brandMark}
      viewBox="0 0 40 24"
      width="40"
      height="24"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': brand.name })}
    >
      {!decorative && <title>{brand.name}</title>}
      <rect width="40" height="24" rx="4" fill={brand.bg} />
      <text
        x="20"
        y="16"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight="700"
        fontSize={brand.mark.length > 4 ? 8 : 10}
        fill={brand.fg}
      >
        {brand.mark}
      </text>
    </svg>
  );
}

/** A row of generated brand badges with the brand names as text (for reading and for screen readers). */
export function BrandMarks({ brands }: { brands: readonly Brand[] }) {
  if (brands.length === 0) return null;
  return (
    <span className={styles.brands} data-testid="brand-marks">
      {brands.map((brand) => (
        <BrandBadge key={brand.id} brand={brand} />
      ))}
      <span className={styles.muted}>{brands.map((brand) => brand.name).join(' / ')}</span>
    </span>
  );
}
