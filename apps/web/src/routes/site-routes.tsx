import { preparing } from '../pages/Preparing';
import type { RouteDef } from './route-def';

// Issue 2: the top page and the maintenance page.
export const siteRoutes: RouteDef[] = [
  { path: '/', guard: 'public', page: preparing('top') },
  { path: '/maintenance', guard: 'public', page: preparing('maintenance'), layout: 'bare' },
];
