export * from './identity.ts';
export * from './schools.ts';
export * from './company.ts';
export * from './files.ts';
export * from './academics.ts';
export * from './people.ts';
export * from './sign-in.ts';
export * from './school-day.ts';
