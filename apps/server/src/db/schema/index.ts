export * from './identity.ts';
export * from './schools.ts';
