export * from './payments.ts';
export * from './reports.ts';
export * from './payment-methods.ts';
