export * from './identity.ts';
export * from './schools.ts';
export * from './company.ts';
export * from './files.ts';
