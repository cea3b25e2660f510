import { MaintenancePage } from '../pages/maintenance/MaintenancePage';
import { TopPage } from '../pages/top/TopPage';
import type { RouteDef } from './route-def';

// Issue 2: the top page and the maintenance page (state 9999 lands there, without header and footer).
export const siteRoutes: RouteDef[] = [
  { path: '/', guard: 'public', page: TopPage },
  { path: '/maintenance', guard: 'public', page: MaintenancePage, layout: 'bare' },
];
