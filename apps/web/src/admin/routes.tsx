import type { Permission } from '@oripa/core/admin';
import { lazyPage, type LazyPage } from '../routes/lazy-page';

/**
 * The console's pages: the one list that drives its routing and its navigation (AdminApp, AdminLayout). Each area
 * appends its entries. `permission` must match the one its API routes declare; a role without it neither sees
 * the page in the nav nor can open it (the server refuses its calls anyway). `nav: false` pages (details) are
 * reachable by link only. `titleKey` is `admin-<area>:<key>` in the console's catalogue (admin/i18n).
 */
export interface AdminPage {
  path: string;
  titleKey: string;
  permission: Permission;
  page: LazyPage;
  nav?: boolean;
}

/** The inbox (ADR 0046): every signed-in staff member's, so it needs no permission and is not in the nav. */
export const noticesPage = {
  path: '/admin/notices',
  titleKey: 'admin-notices:title',
  page: lazyPage(() => import('./pages/notices/NoticesPage'), 'NoticesPage'),
};

export const adminPages: AdminPage[] = [
  {
    path: '/admin/dashboard',
    titleKey: 'admin-dashboard:title',
    permission: 'dashboard.read',
    page: lazyPage(() => import('./pages/dashboard/DashboardPage'), 'DashboardPage'),
  },
  {
    path: '/admin/members',
    titleKey: 'admin-nav:members',
    permission: 'members.read',
    page: lazyPage(() => import('./pages/members/MembersPage'), 'MembersPage'),
  },
  {
    path: '/admin/members/:id',
    titleKey: 'admin-nav:member',
    permission: 'members.read',
    page: lazyPage(() => import('./pages/members/MemberPage'), 'MemberPage'),
    nav: false,
  },
  {
    path: '/admin/staff',
    titleKey: 'admin-nav:staff',
    permission: 'staff.manage',
    page: lazyPage(() => import('./pages/staff/StaffPage'), 'StaffPage'),
  },
  {
    // Changes that wait for a second person (ADR 0039): owners decide, a requester follows its own.
    path: '/admin/approvals',
    titleKey: 'admin-approvals:title',
    permission: 'approvals.read',
    page: lazyPage(() => import('./pages/approvals/ApprovalsPage'), 'ApprovalsPage'),
  },
  {
    path: '/admin/audit',
    titleKey: 'admin-nav:audit',
    permission: 'audit.read',
    page: lazyPage(() => import('./pages/audit/AuditPage'), 'AuditPage'),
  },
  // Catalogue (cards, packs).
  {
    path: '/admin/packs',
    titleKey: 'admin-catalogue:packs',
    permission: 'catalogue.write',
    page: lazyPage(() => import('./pages/packs/PacksPage'), 'PacksPage'),
  },
  {
    path: '/admin/packs/:id',
    titleKey: 'admin-catalogue:pack',
    permission: 'catalogue.write',
    page: lazyPage(() => import('./pages/packs/PackEditPage'), 'PackEditPage'),
    nav: false,
  },
  {
    path: '/admin/content',
    titleKey: 'admin-content:title',
    permission: 'content.write',
    page: lazyPage(() => import('./pages/content/ContentPage'), 'ContentPage'),
  },
  {
    path: '/admin/cards',
    titleKey: 'admin-catalogue:cards',
    permission: 'catalogue.write',
    page: lazyPage(() => import('./pages/cards/CardsPage'), 'CardsPage'),
  },
  {
    path: '/admin/cards/import',
    titleKey: 'admin-catalogue:import.title',
    permission: 'catalogue.write',
    page: lazyPage(() => import('./pages/cards/CardImportPage'), 'CardImportPage'),
    nav: false,
  },
  {
    path: '/admin/cards/:id',
    titleKey: 'admin-catalogue:card',
    permission: 'catalogue.write',
    page: lazyPage(() => import('./pages/cards/CardEditPage'), 'CardEditPage'),
    nav: false,
  },
  // Fulfilment.
  {
    path: '/admin/shipments',
    titleKey: 'admin-fulfilment:title',
    permission: 'fulfilment.read',
    page: lazyPage(() => import('./pages/shipments/ShipmentsPage'), 'ShipmentsPage'),
  },
  {
    path: '/admin/shipments/pick-list',
    titleKey: 'admin-fulfilment:pickListTitle',
    permission: 'fulfilment.read',
    page: lazyPage(() => import('./pages/shipments/PickListPage'), 'PickListPage'),
    nav: false,
  },
  {
    path: '/admin/shipments/:id',
    titleKey: 'admin-fulfilment:title',
    permission: 'fulfilment.read',
    page: lazyPage(() => import('./pages/shipments/ShipmentPage'), 'ShipmentPage'),
    nav: false,
  },
  // Payments and operations.
  {
    path: '/admin/payments',
    titleKey: 'admin-payments:title',
    permission: 'payments.read',
    page: lazyPage(() => import('./pages/payments/PaymentsPage'), 'PaymentsPage'),
  },
  {
    path: '/admin/payments/methods',
    titleKey: 'admin-payments:methods.title',
    permission: 'payments.methods',
    page: lazyPage(() => import('./pages/payments/PaymentMethodsPage'), 'PaymentMethodsPage'),
  },
  {
    path: '/admin/operations',
    titleKey: 'admin-operations:title',
    permission: 'reports.read',
    page: lazyPage(() => import('./pages/operations/OperationsPage'), 'OperationsPage'),
  },
  {
    // The shop's settings (core SHOP_SETTINGS): the 古物商許可番号 on the 特定商取引法 page and in the footer.
    path: '/admin/settings',
    titleKey: 'admin-settings:title',
    permission: 'settings.write',
    page: lazyPage(() => import('./pages/settings/SettingsPage'), 'SettingsPage'),
  },
  // Member programmes (issue 11): exchange catalogue and orders, partner sites, SNS campaigns.
  {
    path: '/admin/programmes/exchange',
    titleKey: 'admin-programmes:exchangeTitle',
    permission: 'programmes.read',
    page: lazyPage(() => import('./pages/programmes/ExchangeCardsPage'), 'ExchangeCardsPage'),
  },
  {
    path: '/admin/programmes/exchange-orders',
    titleKey: 'admin-programmes:ordersTitle',
    permission: 'programmes.read',
    page: lazyPage(() => import('./pages/programmes/ExchangeOrdersPage'), 'ExchangeOrdersPage'),
  },
  {
    path: '/admin/programmes/partners',
    titleKey: 'admin-programmes:partnersTitle',
    permission: 'programmes.read',
    page: lazyPage(() => import('./pages/programmes/PartnerSitesPage'), 'PartnerSitesPage'),
  },
  {
    path: '/admin/programmes/sns',
    titleKey: 'admin-programmes:snsTitle',
    permission: 'programmes.read',
    page: lazyPage(() => import('./pages/programmes/SnsCampaignsPage'), 'SnsCampaignsPage'),
  },
];
