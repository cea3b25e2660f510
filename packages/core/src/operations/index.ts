export * from './payments.ts';
export * from './reports.ts';
