export * from './auth';
export * from './organizations';
export * from './users';
export * from './mail-outbox';
export * from './vacancies';
export * from './marketplace';
export * from './administration';
export * from './orders';
