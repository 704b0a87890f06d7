export * from './rosenthal.js';
export * from './en1011.js';
export * from './hardness.js';
