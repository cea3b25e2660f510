import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { failed, usePackAllList } from '../../api/packs';
import { parseId } from '../../lib/pack/query-params';
import { useCardTypes } from '../../api/site';
import { LiveTicker } from '../../components/live/LiveTicker';
import { PackBanner } from '../../components/pack/PackBanner';
import { PackGrid, PackGridSkeleton } from '../../components/pack/PackGrid';
import { PackListControls, type PackListChoice } from '../../components/pack/PackListControls';
import { listQuery, parseFilter, parseSort } from '../../lib/pack/pack-sort';
import { Pager } from '../../components/ui/Pager';
import page from './PackPages.module.css';
import { listImageLoad } from '../../components/pack/ImageCarousel';

/**
 * /pack-list?index={cardType}&page&sort&filter: the packs of one card type, paged (card type 1 by default), sorted
 * and filtered by the server before paging, so the order runs on across pages and survives a reload.
 */
export function PackListPage() {
  const { t } = useTranslation('pack');
  const [params, setParams] = useSearchParams();
  const cardType = parseId(params.get('index')) ?? 1;
  const current = parseId(params.get('page')) ?? 1;
  const sort = parseSort(params.get('sort'));
  const filter = parseFilter(params.get('filter'));
  const { data, isPending, refetch } = usePackAllList(cardType, current, listQuery(sort, filter));
  const cardTypes = useCardTypes();
  const typeName = cardTypes.find((c) => c.id === cardType)?.name ?? `#${cardType}`;
  const choice: PackListChoice = { cardType, sort, filter };
  // Everything rides in the address, so paging keeps the order and a reload shows the same page.
  const query = (p: number, c = choice) => ({
    index: String(c.cardType),
    page: String(p),
    ...(c.sort !== 'new' ? { sort: c.sort } : {}),
    ...(c.filter !== 'all' ? { filter: c.filter } : {}),
  });
  const go = (p: number) => setParams(query(p));
  const shown = data?.list ?? [];
  return (
    <section className={page.page} aria-labelledby="pack-list-title">
      <Link className={page.backLink} to="/">
        ‹ {t('backToTop')}
      </Link>
      <h1 id="pack-list-title" className={page.h1}>
        {t('list.title', { type: typeName })}
      </h1>
      {/* Another game, order or filter is another list: it starts again on page 1. */}
      <PackListControls choice={choice} cardTypes={cardTypes} onChange={(next) => setParams(query(1, next))} />
      {isPending ? (
        <PackGridSkeleton count={6} />
      ) : failed(data) ? (
        <div className={page.center} role="alert">
          <p>{t('list.error')}</p>
          <button type="button" className={page.secondary} onClick={() => void refetch()}>
            {t('list.retry')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <p className={`${page.panel} ${page.center}`}>{filter === 'all' ? t('list.empty') : t('list.noneMatch')}</p>
      ) : (
        <>
          <PackGrid>
            {shown.map((p, i) => (
              <PackBanner key={p.id} pack={p} onSaleStart={() => void refetch()} firstLoad={listImageLoad(i)} />
            ))}
          </PackGrid>
          {data?.page && <Pager page={data.page} onPage={go} />}
        </>
      )}
      {/* After the list: the ticker arrives after first paint and grows with each hit, so above the packs it would
          push them down (a layout shift; the tabs' scroll test caught it on the top page). */}
      <LiveTicker />
    </section>
  );
}
