/**
 * App-wide interaction rules of spec section 1: right-click disabled, multi-touch zoom blocked, and a second tap
 * within 350 ms on the same control suppressed (which also stops double-tap zoom on mobile Safari). The rule is
 * against double-tap zoom and double submits, both a second tap on the same thing; a first tap on another control
 * (SKIP, then the button that appears under the finger; a draw button, then the dialog's buy button) goes through
 * (issue 24: dropping it left the member on a screen that ignored the tap). The viewport meta no longer says
 * user-scalable=no (it fails WCAG 1.4.4 and axe's meta-viewport): the root's `touch-action: pan-x pan-y`
 * (global.css) stops pinch and double-tap zoom in Chromium and Firefox, and these handlers cover Safari, which
 * ignores touch-action for pinch (gesture* events, two-finger touchstart/touchmove). What a member needs to copy
 * has a copy button (components/ui/CopyButton.tsx), since the context menu is off.
 */
export const DOUBLE_TAP_MS = 350;

/** What a tap is on: the interactive control around its target, else the target itself. */
const CONTROL = 'a, button, input, select, textarea, label, summary, [role="button"], [role="link"], [tabindex]';
function tappedOn(target: EventTarget | null): EventTarget | null {
  return target instanceof Element ? (target.closest(CONTROL) ?? target) : target;
}

export function installInteractionGuards(doc: Document = document): () => void {
  let lastTouchEnd = -Infinity;
  let lastTapped: EventTarget | null = null;
  const onContextMenu = (e: Event) => e.preventDefault();
  const onMultiTouch = (e: TouchEvent) => {
    if (e.touches.length > 1) e.preventDefault();
  };
  const onTouchEnd = (e: TouchEvent) => {
    const now = e.timeStamp || Date.now();
    const on = tappedOn(e.target);
    if (now - lastTouchEnd <= DOUBLE_TAP_MS && on === lastTapped) e.preventDefault();
    lastTouchEnd = now;
    lastTapped = on;
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
