import type { LegalDocumentKey } from '../i18n/legal';
import { lazyPageOf } from './lazy-page';
import type { RouteDef } from './route-def';

const legalPage = (key: LegalDocumentKey, titleKey: string) =>
  lazyPageOf(
    () => import('../pages/legal/LegalPage'),
    (m) => m.legalPage(key, titleKey),
  );

const specificCommerce = legalPage('specific-commerce', 'specificCommerce');
const termsOfService = legalPage('terms-of-service', 'termsOfService');
const privacyProtection = legalPage('privacy-protection', 'privacyProtection');
const fundSettlement = legalPage('fund-settlement', 'fundSettlement');
const pointTermsOfService = legalPage('point-terms-of-service', 'pointTermsOfService');
const userGuide = legalPage('user-guide', 'userGuide');

// Issue 2: legal and static pages (sections in boxes, ja and en).
export const legalRoutes: RouteDef[] = [
  { path: '/specific-commerce', titleKey: 'specificCommerce', guard: 'public', page: specificCommerce },
  { path: '/terms-of-service', titleKey: 'termsOfService', guard: 'public', page: termsOfService },
  { path: '/privacy-protection', titleKey: 'privacyProtection', guard: 'public', page: privacyProtection },
  // Spec section 2 lists these two under the routes that need a logged-in member.
  { path: '/fund-settlement', titleKey: 'fundSettlement', guard: 'member', page: fundSettlement },
  { path: '/point-terms-of-service', titleKey: 'pointTermsOfService', guard: 'member', page: pointTermsOfService },
  // The static pages the spec opens in a new tab.
  { path: '/terms', titleKey: 'termsOfService', guard: 'public', page: termsOfService },
  { path: '/policy', titleKey: 'privacyProtection', guard: 'public', page: privacyProtection },
  { path: '/notation', titleKey: 'specificCommerce', guard: 'public', page: specificCommerce },
  { path: '/user-guide', titleKey: 'userGuide', guard: 'public', page: userGuide },
];
