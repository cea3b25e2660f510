import type { FastifyPluginAsync } from 'fastify';
import { approvalRoutes } from './approvals.ts';
import { auditRoutes } from './audit.ts';
import { cardRoutes } from './cards.ts';
import { cardImportRoutes } from './cards-import.ts';
import { mediaRoutes } from './cards-media.ts';
import { contentRoutes } from './content.ts';
import { dashboardRoutes } from './dashboard.ts';
import { memberAdminRoutes } from './members.ts';
import { noticeRoutes } from './notices.ts';
import { packAdminRoutes } from './packs.ts';
import { operationsRoutes } from './operations.ts';
import { paymentAdminRoutes } from './payments.ts';
import { programmeAdminRoutes } from './programmes.ts';
import { settingsRoutes } from './settings.ts';
import { shipmentRoutes } from './shipments.ts';
import { staffSessionRoutes } from './session.ts';
import { staffRoutes } from './staff.ts';

/**
 * Every /api/admin resource is one plugin file; add new ones here. Each route must declare
 * `config: { permission: '<Permission>' }` (or 'staff.session'); http/admin/staff-guard.ts enforces it at start
 * and on every request. Mounted by app.ts under /api/admin (same envelope and CSRF as /api).
 */
export const adminRoutes: FastifyPluginAsync[] = [staffSessionRoutes, staffRoutes, auditRoutes, memberAdminRoutes];
// Catalogue (cards, images, packs).
adminRoutes.push(cardRoutes, mediaRoutes, cardImportRoutes, packAdminRoutes, contentRoutes, dashboardRoutes);
// Fulfilment, payments and operations.
adminRoutes.push(shipmentRoutes, paymentAdminRoutes, operationsRoutes);
// Member programmes (exchange catalogue and orders, partner sites, SNS campaigns).
adminRoutes.push(programmeAdminRoutes);
// Changes that need a second person (issue 21, ADR 0039).
adminRoutes.push(approvalRoutes);
// What staff are told: the console's inbox (issue 21 §10, ADR 0046).
adminRoutes.push(noticeRoutes);
// The shop's settings (the 古物商許可番号 first).
adminRoutes.push(settingsRoutes);
