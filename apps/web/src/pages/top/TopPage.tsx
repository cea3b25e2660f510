import { pageMeta } from '@oripa/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCardTypes } from '../../api/site';
import { useTypesOnSale } from '../../api/packs';
import { LiveTicker } from '../../components/live/LiveTicker';
import { PackBannerList } from '../../components/pack/PackBannerList';
import { useCanonical } from '../../hooks/use-canonical';
import { lazyPartOf } from '../../lib/lazy-part';
import { CardTypeTabs, panelId, tabId } from './CardTypeTabs';
import { ComingSoon } from './ComingSoon';
import { TopBanner } from './TopBanner';
import styles from './TopPage.module.css';
// The post list's stylesheet stays with the page's first paint (the server draws the list), its code does not.
import './PostList.module.css';

/**
 * The community posts, below the packs and the ticker: drawn by the server like the rest, their code (and the
 * pager's) is a chunk of its own, which the page fetches before it hydrates (TopPage.preload). It kept the top page's
 * first JavaScript within its 120 kB when the after-paint loader came back (ADR 0060).
 */
const PostList = lazyPartOf(
  () => import('./PostList'),
  (m) => m.PostList,
);

/**
 * The top page (spec section 2): the banner carousel (banner mode 1 only), card-game tabs (the chosen one kept in
 * ?type=, default card type 1) with that game's pack banners or its coming-soon notice, and the community posts.
 */
export function TopPage() {
  const { i18n } = useTranslation('top');
  useCanonical('/');
  const heading = pageMeta[i18n.language === 'en' ? 'en' : 'ja'].topTitle;
  const onSale = useTypesOnSale();
  // A game flagged 'coming soon' that already has a pack on sale (an early release) shows that pack, without the
  // badge: the tab must not say 'coming soon' over a pack that can be drawn (issue 13).
  const types = useCardTypes().map((c) =>
    c.coming_soon === '1' && onSale.has(c.id) ? { ...c, coming_soon: '0' as const } : c,
  );
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('type'));
  const selected = types.find((c) => c.id === requested) ?? types[0]!;

  const select = (id: number) =>
    setParams(
      (p) => {
        p.set('type', String(id));
        return p;
      },
      // A tab change is not a new page: no history entry, and the layout keeps the scroll position.
      { replace: true, state: { keepScroll: true } },
    );

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{heading}</h1>
      <TopBanner />
      <section className={styles.packs}>
        <CardTypeTabs types={types} selected={selected.id} onSelect={select} />
        <div
          id={panelId(selected.id)}
          role="tabpanel"
          aria-labelledby={tabId(selected.id)}
          className={styles.panel}
          tabIndex={0}
        >
          {selected.coming_soon === '1' ? (
            <ComingSoon name={selected.name} />
          ) : (
            // The list ends with its own link to /pack-list?index={type}.
            <PackBannerList key={selected.id} cardType={selected.id} />
          )}
        </div>
      </section>
      {/* Below the packs: the ticker arrives after first paint and grows with each hit, so above them it would push
          the tabs and packs down (a layout shift). */}
      <div className={styles.live}>
        <LiveTicker />
      </div>
      <Suspense fallback={null}>
        <PostList />
      </Suspense>
    </div>
  );
}

/** What the page draws from chunks of their own, fetched before a render (routes/index.tsx preloadPagesOf). */
TopPage.preload = () => PostList.preload();
