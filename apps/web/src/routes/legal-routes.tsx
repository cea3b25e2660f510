import { preparing } from '../pages/Preparing';
import type { RouteDef } from './route-def';

// Issue 2: legal and static pages (sections in boxes, ja and en).
export const legalRoutes: RouteDef[] = [
  { path: '/specific-commerce', guard: 'public', page: preparing('specificCommerce') },
  { path: '/terms-of-service', guard: 'public', page: preparing('termsOfService') },
  { path: '/privacy-protection', guard: 'public', page: preparing('privacyProtection') },
  { path: '/fund-settlement', guard: 'member', page: preparing('fundSettlement') },
  { path: '/point-terms-of-service', guard: 'member', page: preparing('pointTermsOfService') },
  // The static pages the spec opens in a new tab.
  { path: '/terms', guard: 'public', page: preparing('termsOfService') },
  { path: '/policy', guard: 'public', page: preparing('privacyProtection') },
  { path: '/notation', guard: 'public', page: preparing('specificCommerce') },
  { path: '/user-guide', guard: 'public', page: preparing('userGuide') },
];
