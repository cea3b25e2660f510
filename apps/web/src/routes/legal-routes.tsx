import { legalPage } from '../pages/legal/LegalPage';
import type { RouteDef } from './route-def';

const specificCommerce = legalPage('specific-commerce', 'specificCommerce');
const termsOfService = legalPage('terms-of-service', 'termsOfService');
const privacyProtection = legalPage('privacy-protection', 'privacyProtection');
const fundSettlement = legalPage('fund-settlement', 'fundSettlement');
const pointTermsOfService = legalPage('point-terms-of-service', 'pointTermsOfService');
const userGuide = legalPage('user-guide', 'userGuide');

// Issue 2: legal and static pages (sections in boxes, ja and en).
export const legalRoutes: RouteDef[] = [
  { path: '/specific-commerce', guard: 'public', page: specificCommerce },
  { path: '/terms-of-service', guard: 'public', page: termsOfService },
  { path: '/privacy-protection', guard: 'public', page: privacyProtection },
  // Spec section 2 lists these two under the routes that need a logged-in member.
  { path: '/fund-settlement', guard: 'member', page: fundSettlement },
  { path: '/point-terms-of-service', guard: 'member', page: pointTermsOfService },
  // The static pages the spec opens in a new tab.
  { path: '/terms', guard: 'public', page: termsOfService },
  { path: '/policy', guard: 'public', page: privacyProtection },
  { path: '/notation', guard: 'public', page: specificCommerce },
  { path: '/user-guide', guard: 'public', page: userGuide },
];
