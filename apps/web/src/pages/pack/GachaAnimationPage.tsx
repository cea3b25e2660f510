import type { PurchaseResult } from '@oripa/core';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isOk } from '../../api/client';
import { reportGachaResult, useGacheResult } from '../../api/pack-purchase';
import type { RevealEntryState } from '../../hooks/pack/use-purchase-flow';
import { Reveal } from '../../components/pack/reveal/Reveal';
import { parseId } from '../../lib/pack/query-params';
import { cardChoicePath } from '../../lib/pack/result-paths';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { RankUpModal } from '../../components/programmes/RankMaintenanceModals';
import { loadProgrammesStrings } from '../../i18n/lazy-namespaces';

/** The spec's entry rule: a coin purchase, or arriving from the purchase confirm (modal or page). */
export function mayReveal(result: Pick<PurchaseResult, 'is_buy_coin'>, state: unknown): boolean {
  const from = (state as Partial<RevealEntryState> | null)?.from;
  return result.is_buy_coin === '1' || from === 'ConfirmBuyProduct' || from === 'PackDetail';
}

/** /gacha-animation?purchaseId (bare layout): loads that purchase's draw, applies the entry rule, then the reveal. */
export function GachaAnimationPage() {
  const [params] = useSearchParams();
  const purchaseId = parseId(params.get('purchaseId'));
  const { data, isPending } = useGacheResult(purchaseId);
  const location = useLocation();
  const navigate = useNavigate();
  const [rankUpOpen, setRankUpOpen] = useState(false);
  if (isPending) return <LoadingOverlay />;
  const cards = data?.cards ?? [];
  if (!isOk(data) || cards.length === 0) return <Navigate to="/" replace />;
  const result = data;
  if (!mayReveal(result, location.state)) return <Navigate to={cardChoicePath(purchaseId)} replace />;
  const next = () =>
    navigate(result.is_buy_coin === '1' ? '/thank-you' : cardChoicePath(purchaseId), { replace: true });
  const finish = () => {
    // Tracking once the reveal is over; a failure is only logged (spec section 7).
    reportGachaResult().catch((e: unknown) => console.warn('gtm_gacha_result', e));
    // A rank-up since the previous draw is shown after the reveal (issue 11), then the usual next page.
    if (result.rank_up === '1' && result.rankup_data)
      void loadProgrammesStrings().then(
        () => setRankUpOpen(true),
        () => void next(),
      );
    else void next();
  };
  return (
    <>
      <Reveal result={result} onFinish={finish} />
      <RankUpModal open={rankUpOpen} data={result.rankup_data} onClose={() => void next()} />
    </>
  );
}
