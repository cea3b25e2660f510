/**
 * App-wide interaction rules of spec section 1: right-click disabled, multi-touch zoom blocked, and a second tap
 * within 350 ms suppressed (which also stops double-tap zoom on mobile Safari).
 */
export const DOUBLE_TAP_MS = 350;

export function installInteractionGuards(doc: Document = document): () => void {
  let lastTouchEnd = 0;
  const onContextMenu = (e: Event) => e.preventDefault();
  const onTouchStart = (e: TouchEvent) => {
    if (e.touches.length > 1) e.preventDefault();
  };
  const onTouchEnd = (e: TouchEvent) => {
    const now = e.timeStamp || Date.now();
    if (now - lastTouchEnd <= DOUBLE_TAP_MS) e.preventDefault();
    lastTouchEnd = now;
  };
  const onGesture = (e: Event) => e.preventDefault();
  doc.addEventListener('contextmenu', onContextMenu);
  doc.addEventListener('touchstart', onTouchStart, { passive: false });
  doc.addEventListener('touchend', onTouchEnd, { passive: false });
  doc.addEventListener('gesturestart', onGesture);
  return () => {
    doc.removeEventListener('contextmenu', onContextMenu);
    doc.removeEventListener('touchstart', onTouchStart);
    doc.removeEventListener('touchend', onTouchEnd);
    doc.removeEventListener('gesturestart', onGesture);
  };
}
