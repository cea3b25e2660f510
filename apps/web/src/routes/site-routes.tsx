import { TopPage } from '../pages/top/TopPage';
import { lazyPage } from './lazy-page';
import type { RouteDef } from './route-def';

const MaintenancePage = lazyPage(() => import('../pages/maintenance/MaintenancePage'), 'MaintenancePage');

// Issue 2: the top page and the maintenance page (state 9999 lands there, without header and footer).
export const siteRoutes: RouteDef[] = [
  { path: '/', titleKey: 'top', guard: 'public', page: TopPage },
  { path: '/maintenance', titleKey: 'maintenance', guard: 'public', page: MaintenancePage, layout: 'bare' },
];
