import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { failed, usePackAllList } from '../../api/packs';
import { parseId } from '../../lib/pack/query-params';
import { useCardTypes } from '../../api/site';
import { PackBanner } from '../../components/pack/PackBanner';
import { PackGrid, PackGridSkeleton } from '../../components/pack/PackGrid';
import { PackListControls } from '../../components/pack/PackListControls';
import { parseFilter, parseSort, sortAndFilter } from '../../lib/pack/pack-sort';
import { Pager } from '../../components/ui/Pager';
import page from './PackPages.module.css';

/** /pack-list?index={cardType}&page: the packs of one card type, paged (card type 1 by default). */
export function PackListPage() {
  const { t } = useTranslation('pack');
  const [params, setParams] = useSearchParams();
  const cardType = parseId(params.get('index')) ?? 1;
  const current = parseId(params.get('page')) ?? 1;
  const { data, isPending, refetch } = usePackAllList(cardType, current);
  const typeName = useCardTypes().find((c) => c.id === cardType)?.name ?? `#${cardType}`;
  const sort = parseSort(params.get('sort'));
  const filter = parseFilter(params.get('filter'));
  // Sort and filter apply to the page on screen; they ride along in the address when paging.
  const query = (p: number, s = sort, f = filter) => ({
    index: String(cardType),
    page: String(p),
    ...(s !== 'new' ? { sort: s } : {}),
    ...(f !== 'all' ? { filter: f } : {}),
  });
  const go = (p: number) => setParams(query(p));
  const shown = sortAndFilter(data?.list ?? [], sort, filter);
  return (
    <section className={page.page} aria-labelledby="pack-list-title">
      <Link className={page.backLink} to="/">
        ‹ {t('backToTop')}
      </Link>
      <h1 id="pack-list-title" className={page.h1}>
        {t('list.title', { type: typeName })}
      </h1>
      <PackListControls
        sort={sort}
        filter={filter}
        onChange={(next) => setParams(query(current, next.sort, next.filter), { replace: true })}
      />
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
        <p className={`${page.panel} ${page.center}`}>
          {(data?.list ?? []).length === 0 ? t('list.empty') : t('list.noneMatch')}
        </p>
      ) : (
        <>
          <PackGrid>
            {shown.map((p) => (
              <PackBanner key={p.id} pack={p} onSaleStart={() => void refetch()} />
            ))}
          </PackGrid>
          {data?.page && <Pager page={data.page} onPage={go} />}
        </>
      )}
    </section>
  );
}
