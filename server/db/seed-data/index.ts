export * from './code-lists';
export * from './dictionaries';
export * from './sectors';
export * from './demo';
export * from './id-number';
export * from './staff';
