import { preparing } from '../pages/Preparing';
import type { RouteDef } from './route-def';

// Issue 2: top page, legal and static pages, maintenance.
export const siteRoutes: RouteDef[] = [
  { path: '/', guard: 'public', page: preparing('top') },
  { path: '/maintenance', guard: 'public', page: preparing('maintenance'), layout: 'bare' },
  { path: '/specific-commerce', guard: 'public', page: preparing('specificCommerce') },
  { path: '/terms-of-service', guard: 'public', page: preparing('termsOfService') },
  { path: '/privacy-protection', guard: 'public', page: preparing('privacyProtection') },
  { path: '/fund-settlement', guard: 'member', page: preparing('fundSettlement') },
  { path: '/point-terms-of-service', guard: 'member', page: preparing('pointTermsOfService') },
  { path: '/terms', guard: 'public', page: preparing('termsOfService') },
  { path: '/policy', guard: 'public', page: preparing('privacyProtection') },
  { path: '/notation', guard: 'public', page: preparing('specificCommerce') },
  { path: '/user-guide', guard: 'public', page: preparing('userGuide') },
];
