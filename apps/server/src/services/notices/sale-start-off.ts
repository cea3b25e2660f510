import type { SaleStartOffReply } from '@oripa/core';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  deleteAllMemberPushSubscriptions,
  deletePendingSaleStartRequests,
} from '../../db/queries/sale-start-notices.ts';
import { withTransaction } from '../../db/transaction.ts';
import { parseSaleStartOffKey } from '../../mail/sale-start-off-key.ts';

/**
 * The "stop these notices" link of a sale-start mail (issue 22 §4): it works without signing in, so its key names the
 * member and carries an HMAC of the id under the server's secret. A key can only ever stop its own member's notices,
 * stopping is all it can do, and a second use finds nothing left to stop (a calm "already off"), so the key need not
 * expire. The page behind the link asks for one tap (a POST): mail scanners open links, and a GET changes nothing.
 */
/** Every sale-start notice still to come for the key's member is withdrawn and its devices' pushes end, at once. */
export async function stopSaleStartNotices(ctx: AppContext, key: string): Promise<SaleStartOffReply> {
  const memberId = parseSaleStartOffKey(ctx.config.sessionSecret, key);
  if (memberId === null) throw AppError.validation('key', 'noticeOffLinkInvalid', 'bad_key');
  return withTransaction(ctx.db, async (tx) => ({
    requests: await deletePendingSaleStartRequests(tx, memberId),
    devices: await deleteAllMemberPushSubscriptions(tx, memberId),
  }));
}
