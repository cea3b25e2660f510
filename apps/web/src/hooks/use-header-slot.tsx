import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * Header slot: lets a page put its own items into the shared header without editing the header.
 *
 * Usage from a page (e.g. the shipping screens of the packs work):
 *
 *   useHeaderSlot({ title: t('header.shipTitle', { ns: 'layout' }), onSkip: openOnceMoreModal });
 *   useHeaderSlot({ backTo: `/pack-list?index=${pack.card_type}` });   // on /pack-detail
 *
 * - `title` replaces the logo area's centre with a page title (the shipping screens default to
 *   'select items to ship' even without a slot).
 * - `onSkip` shows the 'skip shipping' link (a button) that calls it. Only pages that register it show it.
 * - `backTo` is where the 'back to gacha list' link of /pack-detail goes (default '/').
 * The slot is cleared when the page unmounts. `onSkip` is kept in a ref, so passing a new function each render is
 * fine and does not re-render the header.
 */
export interface HeaderSlot {
  title?: string;
  backTo?: string;
  onSkip?: () => void;
}

interface SlotState {
  title?: string;
  backTo?: string;
  hasSkip: boolean;
}

interface SlotContextValue {
  state: SlotState;
  set: (s: SlotState) => void;
  skipRef: { current: (() => void) | undefined };
}

const EMPTY: SlotState = { hasSkip: false };
const SlotContext = createContext<SlotContextValue | null>(null);

export function HeaderSlotProvider({ children }: { children: ReactNode }) {
  const [state, set] = useState<SlotState>(EMPTY);
  const skipRef = useRef<(() => void) | undefined>(undefined);
  const value = useMemo(() => ({ state, set, skipRef }), [state]);
  return <SlotContext.Provider value={value}>{children}</SlotContext.Provider>;
}

/** For the header: the slot the current page set (empty outside a provider). */
export function useHeaderSlotState(): SlotState & { skip: () => void } {
  const ctx = useContext(SlotContext);
  return { ...(ctx?.state ?? EMPTY), skip: () => ctx?.skipRef.current?.() };
}

/** For pages: fill the header slot while mounted. */
export function useHeaderSlot(slot: HeaderSlot) {
  const ctx = useContext(SlotContext);
  const { title, backTo, onSkip } = slot;
  const hasSkip = typeof onSkip === 'function';
  if (ctx) ctx.skipRef.current = onSkip;
  const set = ctx?.set;
  useEffect(() => {
    if (!set) return;
    set({ title, backTo, hasSkip });
    return () => set(EMPTY);
  }, [set, title, backTo, hasSkip]);
}
