import { useCallback, useState } from 'react';
import type { ApiReply } from '../../api/client';
import { isMailUnverified, refusalMessage } from '../../lib/account/mail-unverified';

/**
 * A page's handling of the unconfirmed-address refusal (issue 19 §2): `caught(reply)` takes it (and says so), so the
 * page shows its MailUnverifiedModal instead of its own error; any other refusal stays the page's.
 */
export function useMailRefusal() {
  const [message, setMessage] = useState<string | null>(null);
  const caught = useCallback((reply: ApiReply) => {
    if (!isMailUnverified(reply)) return false;
    setMessage(refusalMessage(reply) ?? '');
    return true;
  }, []);
  const close = useCallback(() => setMessage(null), []);
  return { message, caught, close };
}
