/**
 * App-wide interaction rules of spec section 1: right-click disabled, multi-touch zoom blocked, and a second tap
 * within 350 ms suppressed (which also stops double-tap zoom on mobile Safari). The viewport meta no longer says
 * user-scalable=no (it fails WCAG 1.4.4 and axe's meta-viewport): the root's `touch-action: pan-x pan-y`
 * (global.css) stops pinch and double-tap zoom in Chromium and Firefox, and these handlers cover Safari, which
 * ignores touch-action for pinch (gesture* events, two-finger touchstart/touchmove). What a member needs to copy
 * has a copy button (components/ui/CopyButton.tsx), since the context menu is off.
 */
export const DOUBLE_TAP_MS = 350;

export function installInteractionGuards(doc: Document = document): () => void {
  let lastTouchEnd = 0;
  const onContextMenu = (e: Event) => e.preventDefault();
  const onMultiTouch = (e: TouchEvent) => {
    if (e.touches.length > 1) e.preventDefault();
  };
  const onTouchEnd = (e: TouchEvent) => {
    const now = e.timeStamp || Date.now();
    if (now - lastTouchEnd <= DOUBLE_TAP_MS) e.preventDefault();
    lastTouchEnd = now;
  };
  const onGesture = (e: Event) => e.preventDefault();
  doc.addEventListener('contextmenu', onContextMenu);
  doc.addEventListener('touchstart', onMultiTouch, { passive: false });
  doc.addEventListener('touchmove', onMultiTouch, { passive: false });
  doc.addEventListener('touchend', onTouchEnd, { passive: false });
  doc.addEventListener('gesturestart', onGesture);
  doc.addEventListener('gesturechange', onGesture);
  return () => {
    doc.removeEventListener('contextmenu', onContextMenu);
    doc.removeEventListener('touchstart', onMultiTouch);
    doc.removeEventListener('touchmove', onMultiTouch);
    doc.removeEventListener('touchend', onTouchEnd);
    doc.removeEventListener('gesturestart', onGesture);
    doc.removeEventListener('gesturechange', onGesture);
  };
}
