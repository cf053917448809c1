export * from './identity.ts';
export * from './schools.ts';
export * from './company.ts';
