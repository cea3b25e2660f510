import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Scrolls the chosen method's form into view when the choice was made with a tap or click. Arrow keys move through
 * the radio group one method at a time, so a keyboard change does not scroll (focus stays on the radio, and Tab goes
 * on to the form, which follows the list).
 *
 * A jump, before the browser draws the chosen form, not a smooth scroll: near the page's end the sticky pay bar
 * comes to rest higher up, and during a smooth scroll a tap on 購入を確定する landed where the button had just been
 * and did nothing (issue 24; e2e/payments.spec.ts keeps the button still from the first frame).
 */
export function useScrollToForm<T extends HTMLElement>(key: string | number) {
  const ref = useRef<T>(null);
  const pointer = useRef(false);
  const first = useRef(true);
  useLayoutEffect(() => {
    // The preselected method is not a choice: the page opens at its top.
    if (first.current) {
      first.current = key === '' || key === 0;
      pointer.current = false;
      return;
    }
    if (!pointer.current) return;
    pointer.current = false;
    ref.current?.scrollIntoView?.({ behavior: 'instant', block: 'start' });
  }, [key]);
  const onPointerDown = useCallback(() => {
    pointer.current = true;
  }, []);
  const onKeyDown = useCallback(() => {
    pointer.current = false;
  }, []);
  /** Spread on the element holding the choices. */
  return { ref, pickerProps: { onPointerDown, onKeyDown } };
}
