export * from './exchange.ts';
