import { parseTokyo } from '@oripa/core';
import { useEffect, useState } from 'react';
import { countdownParts } from '../../lib/format/datetime';
import { shopNow } from '../../lib/time/shop-time';
import { useDrawnTime } from '../use-drawn-time';

function startMs(startDate: string): number | null {
  try {
    return parseTokyo(startDate).getTime();
  } catch {
    return null;
  }
}

/**
 * The "until sales start" countdown (whole days, then hh:mm:ss), refreshed every second while `active`; null once
 * the start time has come (the banner then shows its buttons) or when not active.
 */
export function useCountdown(
  startDate: string,
  active: boolean,
  onZero?: () => void,
): { days: number; clock: string } | null {
  const start = startMs(startDate);
  const drawn = useDrawnTime();
  // A page the server drew hydrates with its time, and the first tick below brings the browser's.
  const [now, setNow] = useState(() => drawn ?? shopNow());
  const text = active && start !== null ? countdownParts(start, now) : null;
  useEffect(() => {
    if (!active || start === null) return;
    if (countdownParts(start, shopNow()) === null) return;
    setNow(shopNow());
    const timer = setInterval(() => {
      const t = shopNow();
      setNow(t);
      if (countdownParts(start, t) === null) {
        clearInterval(timer);
        onZero?.();
      }
    }, 1000);
    return () => clearInterval(timer);
    // onZero is a callback from the parent; re-arming the timer for a new function would reset the tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, start]);
  return text;
}
