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
  /** 'checkout' pages end with the short footer (legal links, contact, copyright): a buyer paying is not browsing,
   * and the full footer was a third of the confirm page's height on a phone (issue 23). */
  footer?: 'full' | 'checkout';
}

/** What a route tells the layout around it, the server's render and the browser's hydration (react-router's `handle`). */
export interface RouteHandle {
  footer?: RouteDef['footer'];
  page: RouteDef['page'];
  guard: RouteDef['guard'];
}
