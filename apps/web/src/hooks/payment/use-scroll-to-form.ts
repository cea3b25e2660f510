import { useCallback, useEffect, useRef } from 'react';

/**
 * Scrolls the chosen method's form into view when the choice was made with a tap or click. Arrow keys move through
 * the radio group one method at a time, so a keyboard change does not scroll (focus stays on the radio, and Tab goes
 * on to the form, which follows the list). Smooth only when the buyer has not asked for reduced motion.
 */
export function useScrollToForm<T extends HTMLElement>(key: string | number) {
  const ref = useRef<T>(null);
  const pointer = useRef(false);
  const first = useRef(true);
  useEffect(() => {
    // The preselected method is not a choice: the page opens at its top.
    if (first.current) {
      first.current = key === '' || key === 0;
      pointer.current = false;
      return;
    }
    if (!pointer.current) return;
    pointer.current = false;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    ref.current?.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
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
