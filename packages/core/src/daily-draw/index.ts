export * from './prize-table.ts';
export * from './draw.ts';
export * from './contract.ts';
