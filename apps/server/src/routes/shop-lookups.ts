import type { ShopLookups } from '../http/shop-lookups.ts';
import { findStaffSession } from '../services/admin/staff-sessions.ts';
import { isMaintenance } from '../services/maintenance.ts';
import { findSessionMember } from '../services/sessions.ts';

/** The shop's answers to the HTTP plumbing's questions (http/shop-lookups.ts): app.ts hands them to the /api plugins. */
export const shopLookups: ShopLookups = {
  sessionMember: findSessionMember,
  maintenance: isMaintenance,
  staffSession: findStaffSession,
};
