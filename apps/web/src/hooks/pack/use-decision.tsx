import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { postDecision, type DecisionResult } from '../../api/pack-purchase';
import { packKeys } from '../../api/packs';
import { CURRENT_USER_KEY } from '../../api/account';
import { AddressModal } from '../../components/account/AddressModal';

const firstMessage = (r: DecisionResult) => Object.values(r.errors ?? {})[0]?.[0];

/**
 * The decision call of spec section 4: 200/'1' success; 204/'-1' to the top page; 204/'0' (no shipping address)
 * opens the address popup and, once it is saved, sends the same decision again.
 */
export function useDecision(onSuccess: (reply: DecisionResult) => void) {
  const { t } = useTranslation('pack');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [addressOpen, setAddressOpen] = useState(false);
  const last = useRef<{ send: number[]; reduce: number[] } | null>(null);

  const decide = async (send: number[], reduce: number[]) => {
    if (busy) return;
    last.current = { send, reduce };
    setBusy(true);
    setError(null);
    const r = await postDecision(send, reduce);
    setBusy(false);
    if (r.state === 200 && r.result === '1') {
      void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      // Not buy_result: refetching it now would empty this page before the success view is read.
      for (const key of ['history', 'history_detail', 'detail', 'list', 'all_list']) {
        void qc.invalidateQueries({ queryKey: [...packKeys.all, key] });
      }
      onSuccess(r);
    } else if (r.state === 204 && r.result === '0') setAddressOpen(true);
    else if (r.state === 204 && r.result === '-1') navigate('/', { replace: true });
    else setError(firstMessage(r) ?? t('errors.generic'));
  };

  const addressModal = (
    <AddressModal
      open={addressOpen}
      onClose={() => setAddressOpen(false)}
      onSaved={() => {
        setAddressOpen(false);
        if (last.current) void decide(last.current.send, last.current.reduce);
      }}
    />
  );
  return { decide, busy, error, addressModal };
}
