export * from './age.ts';
export * from './limits.ts';
export * from './schemas.ts';
