export * from './lineup.ts';
export * from './economics.ts';
export * from './schemas.ts';
export * from './contract.ts';
export * from './messages.ts';
export * from './content.ts';
export * from './media.ts';
export * from './card-csv.ts';
