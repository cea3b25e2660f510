import type { DrawCount, PackCheckReply } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { firstError, isOk } from '../../api/client';
import { buyPack, checkPack } from '../../api/pack-purchase';
import { packKeys } from '../../api/packs';
import { isLostReply } from '../../api/retry-lost';
import { revealPath } from '../../lib/pack/result-paths';
import { isMailUnverified } from '../../lib/account/mail-unverified';
import { CURRENT_USER_KEY, isLoggedIn, useCurrentUser } from '../../api/account';

export type PurchaseState =
  | { step: 'idle' }
  | { step: 'busy' }
  | { step: 'confirm'; check: PackCheckReply }
  /** missing: how many points (or coins) the member lacks for the draw they pressed, when the page knows. */
  | { step: 'insufficientPoints'; missing?: number }
  | { step: 'insufficientCoins'; missing?: number }
  /**
   * checkHistory: the buy's outcome is unknown (its reply was lost every time); the history shows whether it went
   * through. resendMail: refused until the mail address is confirmed; the modal offers to send the link again.
   */
  | { step: 'error'; message: string; checkHistory?: boolean; resendMail?: boolean };

/** The error modal for a refusal; one for a mail address not confirmed yet offers to send the link again. */
const refused = (r: { reason?: string }, message: string): PurchaseState => ({
  step: 'error',
  message,
  resendMail: isMailUnverified(r),
});

/** What a draw of `count` costs beyond the balance (0 when it does not), from the pack's price and stock. */
export function shortfall(
  pricing: { point: number; remaining: number } | undefined,
  count: DrawCount,
  balance: string | number | undefined,
): number | undefined {
  if (!pricing) return undefined;
  const draws = count === 'all' ? pricing.remaining : count;
  return Math.max(0, pricing.point * draws - (Number(balance) || 0));
}

/** Where the reveal page may come from (its entry rule): set as router state by the buy. */
export interface RevealEntryState {
  from: 'PackDetail' | 'ConfirmBuyProduct';
  purchaseId: number;
}

/**
 * The pack purchase of spec section 4: count check → confirm → buy → reveal. A guest goes to /login?packId.
 * Failures of the check become the insufficient-points, insufficient-coins or error modal. A buy whose reply is lost
 * is repeated with the same token (api/packs.ts buyPack); only when it stays lost does the member see an error, one
 * that sends them to the history rather than to buying again.
 */
export function usePurchaseFlow(
  packId: number,
  from: RevealEntryState['from'] = 'PackDetail',
  pricing?: { point: number; remaining: number },
) {
  const { t } = useTranslation('pack');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useCurrentUser();
  const [state, setState] = useState<PurchaseState>({ step: 'idle' });
  const busy = useRef(false);

  const start = useCallback(
    async (count: DrawCount) => {
      if (busy.current) return;
      // A click before the current user has loaded waits for it instead of treating the member as a guest.
      const who = user.data ?? (await user.refetch()).data;
      if (!isLoggedIn(who)) {
        navigate(`/login?packId=${packId}`);
        return;
      }
      busy.current = true;
      setState({ step: 'busy' });
      const r = await checkPack(packId, count);
      busy.current = false;
      if (isOk(r) && r.token) {
        setState({ step: 'confirm', check: r });
      } else if (r.reason === 'insufficient_points')
        setState({ step: 'insufficientPoints', missing: shortfall(pricing, count, who?.point) });
      else if (r.reason === 'insufficient_coins')
        setState({ step: 'insufficientCoins', missing: shortfall(pricing, count, who?.coin) });
      else if (r.reason === 'login_required' || r.state === 401) navigate(`/login?packId=${packId}`);
      else setState(refused(r, firstError(r, 'count') ?? t('errors.generic')));
      if (r.state !== 200) void qc.invalidateQueries({ queryKey: packKeys.detail(packId) });
    },
    [navigate, packId, qc, t, user, pricing],
  );

  const confirm = useCallback(async () => {
    if (state.step !== 'confirm' || busy.current) return;
    busy.current = true;
    const token = state.check.token;
    setState({ step: 'busy' });
    const r = await buyPack(token);
    busy.current = false;
    void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    void qc.invalidateQueries({ queryKey: packKeys.all });
    if (r.state === 200 && r.purchase_id) {
      const entry: RevealEntryState = { from, purchaseId: r.purchase_id };
      navigate(revealPath(r.purchase_id), { state: entry });
      return;
    }
    if (isLostReply(r)) setState({ step: 'error', message: t('errors.unknownOutcome'), checkHistory: true });
    else if (r.reason === 'insufficient_points') setState({ step: 'insufficientPoints' });
    else if (r.reason === 'insufficient_coins') setState({ step: 'insufficientCoins' });
    else setState(refused(r, firstError(r, 'count') ?? firstError(r, 'token') ?? t('errors.generic')));
  }, [from, navigate, qc, state, t]);

  const close = useCallback(() => setState({ step: 'idle' }), []);
  return { state, start, confirm, close, user: user.data };
}
