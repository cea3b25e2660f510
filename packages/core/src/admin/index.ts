// The operator console's shared rules (issue 10): `@oripa/core/admin`. Kept out of the shop's entry so the
// storefront bundle does not carry them.
export * from './permissions.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './contract.ts';
export * from './approvals.ts';
export * from './staff-notices.ts';
export * from '../fulfilment/index.ts';
export * from '../catalogue/index.ts';
export * from '../operations/index.ts';
export * from '../programmes-console/index.ts';
export * from './audit-actions.ts';
export * from '../settings/index.ts';
