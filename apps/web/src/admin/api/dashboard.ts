import { apiGet, type Reply } from '../../api/client';

/** GET /api/admin/dashboard (apps/server/src/routes/admin/dashboard.ts). */
export type DashboardPeriod = 'today' | '7d' | '30d';

export interface Dashboard {
  period: DashboardPeriod;
  figures: {
    points_sold: number;
    bonus_points: number;
    points_spent: number;
    coins_spent: number;
    draws: number;
    converted: number;
    shipped: number;
    new_members: number;
  };
  methods: { pay_id: number; yen: number; payments: number }[];
  series: { day: string; yen: number; draws: number; members: number }[];
  nearSellOut: {
    id: number;
    draft_id: number | null;
    name_ja: string;
    name_en: string;
    total: number;
    drawn: number;
  }[];
  pending: { shipments: number; transfers: number; transfer_yen: number };
  generated: string;
}

export const fetchDashboard = (period: DashboardPeriod) =>
  apiGet<Reply<Dashboard>>(`/admin/dashboard?period=${period}`);
