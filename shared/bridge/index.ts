// The bridge contract from one import.
export * from './contract.ts';
