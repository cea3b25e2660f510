/**
 * The complete pages' top-page button (spec section 2): hidden when the result names a pack and the member's points
 * do not exceed that pack's point price, so the member is steered to buy more rather than leave.
 */
export function showTopButton(packId: number | null | undefined, userPoint: number, packPoint: number | undefined) {
  if (!packId) return true;
  // Until the pack's price is known the button stays hidden, so it never flashes on and off.
  if (packPoint === undefined) return false;
  return userPoint > packPoint;
}
