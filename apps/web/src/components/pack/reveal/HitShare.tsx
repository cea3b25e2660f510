import type { PurchaseResult } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { useHitShare } from '../../../api/hit-share';
import { useNativeShare } from '../../../hooks/pack/use-native-share';
import { shareLinks } from '../../../lib/pack/hit-share';
import { bestCard } from '../../../lib/pack/result-summary';
import styles from './Reveal.module.css';

/**
 * Sharing the best card of a draw: its share card (a picture of the card with the pack's name, drawn by the
 * server), the Web Share API where present (with the picture as a file where files can be shared), X and LINE.
 * The link is the pack's page naming this hit, so chat apps show the card. Until the server's link comes (or
 * if it cannot), the pack's page is shared.
 */
export function HitShare({ result }: { result: PurchaseResult }) {
  const { t } = useTranslation('pack');
  const best = bestCard(result.cards);
  const hit = useHitShare(best?.history_id);
  const origin = window.location.origin;
  const url = `${origin}${hit?.url ?? `/pack-detail?packId=${result.pack_id}`}`;
  const text = best ? t('result.shareText', { card: best.name, rank: best.rank, pack: result.title }) : result.title;
  const links = shareLinks(text, url);
  const native = useNativeShare({ title: result.title, text, url, image: hit ? `${origin}${hit.image}` : null });
  return (
    <div className={styles.shareBox} data-testid="hit-share">
      {hit && best && (
        <img
          className={styles.sharePreview}
          src={hit.image}
          width={1200}
          height={630}
          alt={t('result.shareImageAlt', { card: best.name, pack: result.title })}
          loading="lazy"
          data-testid="hit-share-image"
        />
      )}
      <div className={styles.shares}>
        {native.canShare && (
          <button type="button" onClick={native.share} data-testid="share-native">
            {t('result.share')}
          </button>
        )}
        <a href={links.x} target="_blank" rel="noopener noreferrer" data-testid="share-x">
          {t('result.shareX')}
        </a>
        <a href={links.line} target="_blank" rel="noopener noreferrer" data-testid="share-line">
          {t('result.shareLine')}
        </a>
      </div>
    </div>
  );
}
