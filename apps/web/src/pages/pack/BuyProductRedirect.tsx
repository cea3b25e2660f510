import { Navigate, useSearchParams } from 'react-router';
import { parseId } from '../../lib/pack/query-params';

/** /buy-product?packId immediately redirects to the pack page (spec section 2). */
export function BuyProductRedirect() {
  const [params] = useSearchParams();
  const packId = parseId(params.get('packId'));
  return <Navigate to={packId ? `/pack-detail?packId=${packId}` : '/'} replace />;
}
