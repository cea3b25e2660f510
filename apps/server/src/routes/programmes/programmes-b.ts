import { dailyDrawRoutes } from './daily-draw.ts';
import { exchangeRoutes } from './exchange.ts';
import { partnerRoutes } from './partner.ts';

/** Exchange, partner transfer, daily draw and follow campaign (issue 11, second half). */
export const programmeBRoutes = [exchangeRoutes, partnerRoutes, dailyDrawRoutes];
