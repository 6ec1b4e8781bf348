// What the seed writes: reference lists and the demo's records. The rules it seeds from are in server/domain.
export * from './code-lists';
export * from './dictionaries';
export * from './demo';
export * from './staff';
