export * from './transfer.ts';
