import type { ComponentType } from 'react';

/** One route of spec section 2. Each feature owns a file of these; routes/index.tsx puts them together. */
export interface RouteDef {
  path: string;
  /** 'member' routes send a guest to /login (carrying packId). */
  guard: 'public' | 'member';
  page: ComponentType;
  /** Its key in the `titles` (and `meta` description) catalogues: the document title and description. */
  titleKey: string;
  /** 'bare' pages (the full-screen reveal) render without header and footer. */
  layout?: 'default' | 'bare';
}
