export * from './shop-settings.ts';
