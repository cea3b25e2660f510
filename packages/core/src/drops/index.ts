export * from './queue-rules.ts';
export * from './queue-shuffle.ts';
export * from './drop-settings.ts';
export * from './contract.ts';
export * from './poll-delay.ts';
export * from './altcha-payload.ts';
