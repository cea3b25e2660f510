import type { PackCheckReply } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { firstError, isOk } from '../../api/client';
import { buyPack, checkPack } from '../../api/pack-purchase';
import { packKeys, usePackDetail } from '../../api/packs';
import { isLostReply } from '../../api/retry-lost';
import { revealPath } from '../../lib/pack/result-paths';
import { parseId, parseNum } from '../../lib/pack/query-params';
import { CURRENT_USER_KEY, useCurrentUser } from '../../api/account';
import { PurchaseSummary } from '../../components/pack/PurchaseSummary';
import type { RevealEntryState } from '../../hooks/pack/use-purchase-flow';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import page from './PackPages.module.css';

/**
 * /confirm-buy-product?packId&buyCount: the page form of the purchase confirm. Any failure (of the check or the
 * buy) redirects to the pack page, which shows the message (errorMessageCount).
 */
export function ConfirmBuyProductPage() {
  const { t } = useTranslation('pack');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const packId = parseId(params.get('packId'));
  const count = parseNum(params.get('buyCount'));
  const user = useCurrentUser();
  const pack = usePackDetail(packId, 0);
  const [check, setCheck] = useState<PackCheckReply | null>(null);
  const [buying, setBuying] = useState(false);
  const started = useRef(false);

  const fail = (message: string | undefined) =>
    navigate(`/pack-detail?packId=${packId}&errorMessageCount=${encodeURIComponent(message ?? t('errors.generic'))}`, {
      replace: true,
    });

  useEffect(() => {
    if (packId === null || count === null || started.current) return;
    started.current = true;
    void checkPack(packId, count).then((r) => {
      if (isOk(r) && r.token) setCheck(r);
      else fail(firstError(r, 'count'));
    });
    // Runs once per visit; fail() only navigates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [packId, count]);

  if (packId === null) return <Navigate to="/" replace />;
  if (count === null) return <Navigate to={`/pack-detail?packId=${packId}`} replace />;
  if (!check) return <LoadingOverlay />;

  const buy = async () => {
    if (buying) return;
    setBuying(true);
    const r = await buyPack(check.token);
    void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    void qc.invalidateQueries({ queryKey: packKeys.all });
    if (r.state === 200 && r.purchase_id) {
      const entry: RevealEntryState = { from: 'ConfirmBuyProduct', purchaseId: r.purchase_id };
      navigate(revealPath(r.purchase_id), { state: entry });
    } else if (isLostReply(r)) fail(t('errors.unknownOutcome'));
    else fail(firstError(r, 'count') ?? firstError(r, 'token'));
  };

  return (
    <section className={`${page.page} ${page.narrow}`} aria-labelledby="confirm-title">
      <h1 id="confirm-title" className={page.h1}>
        {t('confirm.title')}
      </h1>
      <PurchaseSummary check={check} packName={pack.data?.detail?.name ?? ''} user={user.data} />
      <p className={page.dim}>{t('confirm.note')}</p>
      <div className={page.actions}>
        <Link className={page.secondary} to={`/pack-detail?packId=${packId}`}>
          {t('confirm.back')}
        </Link>
        <button type="button" className={page.primary} onClick={() => void buy()} disabled={buying}>
          {t('confirm.buy')}
        </button>
      </div>
      {buying && <LoadingOverlay />}
    </section>
  );
}
