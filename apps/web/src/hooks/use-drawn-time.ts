import { useSyncExternalStore } from 'react';
import { drawnTime } from '../lib/time/shop-time';

const never = () => () => {};
const none = () => null;

/**
 * The instant the server drew the page, while the server draws it and while the browser hydrates it (React's
 * server snapshot); null in every later render, which then reads the clock itself. A component that shows the time
 * reads `useDrawnTime() ?? shopNow()`: the same words on both sides, then the browser's own.
 */
export const useDrawnTime = (): number | null => useSyncExternalStore(never, none, drawnTime);
