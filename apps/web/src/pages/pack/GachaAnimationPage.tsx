import type { PurchaseResult } from '@oripa/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { failed, reportGachaResult, useGacheResult } from '../../api/packs';
import type { RevealEntryState } from '../../components/pack/usePurchaseFlow';
import { Reveal } from '../../components/pack/reveal/Reveal';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';

/** The spec's entry rule: a coin purchase, or arriving from the purchase confirm (modal or page). */
export function mayReveal(result: Pick<PurchaseResult, 'is_buy_coin'>, state: unknown): boolean {
  const from = (state as Partial<RevealEntryState> | null)?.from;
  return result.is_buy_coin === '1' || from === 'ConfirmBuyProduct' || from === 'PackDetail';
}

/** /gacha-animation (bare layout): loads the draw result, applies the entry rule, then the reveal. */
export function GachaAnimationPage() {
  const { data, isPending } = useGacheResult();
  const location = useLocation();
  const navigate = useNavigate();
  if (isPending) return <LoadingOverlay />;
  const cards = data?.cards ?? [];
  if (failed(data) || cards.length === 0) return <Navigate to="/" replace />;
  const result = data as unknown as PurchaseResult;
  if (!mayReveal(result, location.state)) return <Navigate to="/get-card-list" replace />;
  const finish = () => {
    // Tracking once the reveal is over; a failure is only logged (spec section 7).
    reportGachaResult().catch((e: unknown) => console.warn('gtm_gacha_result', e));
    navigate(result.is_buy_coin === '1' ? '/thank-you' : '/get-card-list', { replace: true });
  };
  return <Reveal result={result} onFinish={finish} />;
}
