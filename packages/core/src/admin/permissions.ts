/**
 * Staff roles and what each may do: the one permission table of the operator console (issue 10). The server
 * checks every /api/admin route against it (apps/server/src/http/admin/staff-guard.ts); the console uses it to
 * show only the pages a role may open.
 */
export const STAFF_ROLES = ['owner', 'operator', 'shipping', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'staff.manage',
  'audit.read',
  'dashboard.read',
  'catalogue.write',
  'content.write',
  'packs.publish',
  'fulfilment.read',
  'fulfilment.write',
  'payments.read',
  'payments.reconcile',
  // The payment-method screen (issue 23): switch a method on or off for the storefront.
  'payments.methods',
  'members.read',
  'members.adjust',
  'members.suspend',
  'operations.write',
  'reports.read',
  // Member programmes (issue 11): read the exchange orders, partner sites and campaigns; change their settings.
  'programmes.read',
  'programmes.write',
  // Changes that need a second person (issue 21): see the requests (their own, for a requester); decide them.
  'approvals.read',
  'approvals.decide',
  // The shop's settings (issue 21: the 古物商許可番号 first): owners only.
  'settings.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * owner: everything. operator: catalogue, content, packs, dashboard, programmes. shipping: fulfilment only.
 * support: members (read, adjust, suspend), payments read, programmes read (to answer members' questions), and
 * its own approval requests (a grant above the limit waits for an owner).
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  operator: [
    'dashboard.read',
    'catalogue.write',
    'content.write',
    'packs.publish',
    'programmes.read',
    'programmes.write',
  ],
  shipping: ['fulfilment.read', 'fulfilment.write'],
  support: ['members.read', 'members.adjust', 'members.suspend', 'payments.read', 'programmes.read', 'approvals.read'],
};

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

/** Whether a staff member of `role` may do what `permission` names. */
export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role]?.includes(permission) ?? false;
}
