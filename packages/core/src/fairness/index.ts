export * from './sha256.ts';
export * from './random-stream.ts';
export * from './ticket-sequence.ts';
export * from './contract.ts';
export * from './last-one.ts';
