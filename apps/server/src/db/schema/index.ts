// One file per domain; each later migration adds its tables to a file here and exports it.
export * from './members.ts';
export * from './ledger.ts';
export * from './site.ts';
export * from './payments.ts';
export * from './packs.ts';
