import { CompleteBuyPoint } from '../../components/payment/CompleteBuyPoint';

/** /complete-buy-point, /complete-buy-point-paypal and /complete-buy-point-amazom-pay share one page: the spec gives
 * them the same rule, only the way back from the provider differs. */
export function CompleteBuyPointPage() {
  return <CompleteBuyPoint />;
}
