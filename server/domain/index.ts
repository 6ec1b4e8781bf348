// The product's rules, as data and pure functions (no imports of the server): the application kinds, statuses and
// transitions, quotas and borrowing limits, person types, home sectors, the ID number's check digit, the office's dictionaries.
export * from './applications.ts';
export * from './dictionaries.ts';
export * from './id-number.ts';
export * from './person-types.ts';
export * from './quotas.ts';
export * from './sectors.ts';
