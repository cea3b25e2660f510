import { dailyDrawRoutes } from './daily-draw.ts';
import { exchangeRoutes } from './exchange.ts';
import { partnerRoutes } from './partner.ts';

/** Exchange, partner transfer, daily draw and follow campaign (the perks; issue 11). */
export const perkRoutes = [exchangeRoutes, partnerRoutes, dailyDrawRoutes];
