import { packPageDescription, packPageTitle, type PackDetail } from '@oripa/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { failed, usePackDetail } from '../../api/packs';
import { useDeferredReply } from '../../hooks/use-deferred-reply';
import { parseId, parseNum } from '../../lib/pack/query-params';
import { isLoggedIn } from '../../api/account';
import { DrawButtons } from '../../components/pack/DrawButtons';
import { PurchaseDialogs } from '../../components/pack/PurchaseDialogs';
import { usePurchaseFlow } from '../../hooks/pack/use-purchase-flow';
import { useHeaderSlot } from '../../hooks/use-header-slot';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { useCanonical } from '../../hooks/use-canonical';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PackDetailSkeleton } from './PackDetailSkeleton';
import { LiveTicker } from '../../components/live/LiveTicker';
import { PackDetailContent } from './PackDetailContent';
import { PackPreviewView } from './PackPreviewView';
import styles from './PackDetailPage.module.css';
import page from './PackPages.module.css';

// Only drop packs and packs not yet on sale need these, so they load on demand: the page is in the storefront's first
// bundle (ADR 0029), whose budget they had pushed over (scripts/check-bundle-budget.ts).
const WaitingRoom = lazy(() => import('../../components/pack/WaitingRoom').then((m) => ({ default: m.WaitingRoom })));
const NotifyMeButton = lazy(() =>
  import('../../components/pack/NotifyMeButton').then((m) => ({ default: m.NotifyMeButton })),
);

/** Buy buttons stay hidden this long when arriving with num; the confirm opens after AUTO_CONFIRM_MS (spec 9). */
export const HIDE_BUTTONS_MS = 3000;
export const AUTO_CONFIRM_MS = 500;

/** /pack-detail?packId&num&errorMessageCount; without a packId the user goes to the top page. */
export function PackDetailPage() {
  const [params] = useSearchParams();
  // ?preview=<token>: staff's look at a draft before publication (PackPreviewView), never a pack on sale.
  const preview = params.get('preview');
  if (preview) return <PackPreviewView token={preview} />;
  const packId = parseId(params.get('packId'));
  if (packId === null) return <Navigate to="/" replace />;
  return <PackDetailView key={packId} packId={packId} />;
}

function PackDetailView({ packId }: { packId: number }) {
  const { t, i18n } = useTranslation('pack');
  const [params, setParams] = useSearchParams();
  // Rendered in slices as the top page's lists are (use-deferred-reply.ts): the lineup is the page's long render.
  const query = usePackDetail(packId);
  const { data, isPending } = useDeferredReply(query);
  const { refetch } = query;
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const loaded = data?.detail;
  // The same title and description the server wrote into this page's HTML (page-meta.ts).
  usePageMeta(
    loaded ? packPageTitle(lang, loaded.name) : '',
    loaded ? packPageDescription(lang, loaded.name, loaded.point, loaded.detail) : '',
  );
  const flow = usePurchaseFlow(
    packId,
    'PackDetail',
    loaded ? { point: loaded.point, remaining: loaded.pack_count } : undefined,
  );
  const num = parseNum(params.get('num'));
  const errorMessage = params.get('errorMessageCount');
  const [buttonsHidden, setButtonsHidden] = useState(num !== null);
  const autoStarted = useRef(false);
  useCanonical(`/pack-detail?packId=${packId}`);
  const cardType = data?.detail?.card_type;
  useHeaderSlot({ backTo: cardType ? `/pack-list?index=${cardType}` : '/pack-list' });

  useEffect(() => {
    if (!buttonsHidden) return;
    const timer = setTimeout(() => setButtonsHidden(false), HIDE_BUTTONS_MS);
    return () => clearTimeout(timer);
  }, [buttonsHidden]);

  // Arriving from a banner's draw button: a member gets the count check and the confirm after 0.5 s.
  const loggedIn = isLoggedIn(flow.user);
  const startRef = useRef(flow.start);
  startRef.current = flow.start;
  useEffect(() => {
    if (num === null || !loggedIn || autoStarted.current) return;
    const timer = setTimeout(() => {
      autoStarted.current = true;
      void startRef.current(num);
      setParams(
        (p) => {
          p.delete('num');
          return p;
        },
        { replace: true },
      );
    }, AUTO_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [num, loggedIn, setParams]);

  if (isPending) return <PackDetailSkeleton />;
  if (failed(data) || !data?.detail) {
    return (
      <section className={page.page} aria-labelledby="pack-error-title">
        {/* The page keeps one h1 when the pack cannot be shown (axe page-has-heading-one, issue 24). */}
        <h1 id="pack-error-title" className={page.h1}>
          {data?.state === 404 ? t('detail.notFoundTitle') : t('detail.errorTitle')}
        </h1>
        <p className={page.alert} role="alert">
          {data?.state === 404 ? t('detail.notFound') : t('detail.error')}
        </p>
        <div className={page.actions}>
          {data?.state !== 404 && (
            <button type="button" className={page.secondary} onClick={() => void refetch()}>
              {t('list.retry')}
            </button>
          )}
          <Link className={page.primary} to="/">
            {t('backToTop')}
          </Link>
        </div>
      </section>
    );
  }
  const pack: PackDetail = data.detail;
  const drop = data.drop ?? null;
  const buttons = (
    <div className={buttonsHidden ? styles.hiddenButtons : undefined} aria-hidden={buttonsHidden || undefined}>
      {!buttonsHidden && (
        <DrawButtons pack={pack} withDropdown onDraw={(n) => void flow.start(n)} onSaleStart={() => void refetch()} />
      )}
    </div>
  );
  return (
    <div className={page.page}>
      {errorMessage && (
        <p className={page.alert} role="alert">
          {errorMessage}
        </p>
      )}
      <PackDetailContent
        pack={pack}
        buy={
          <>
            {drop ? (
              <Suspense fallback={null}>
                <WaitingRoom packId={packId} drop={drop} loggedIn={loggedIn} soldOut={pack.pack_count <= 0}>
                  {buttons}
                </WaitingRoom>
              </Suspense>
            ) : (
              buttons
            )}
            {pack.is_before === '1' && (
              <Suspense fallback={null}>
                <NotifyMeButton packId={pack.id} />
              </Suspense>
            )}
            <LiveTicker packId={pack.id} />
          </>
        }
      />
      <PurchaseDialogs flow={flow} packId={packId} packName={pack.name} />
      {flow.state.step === 'busy' && <LoadingOverlay />}
    </div>
  );
}
