export * from './validation.js';
export * from './errors.js';
export * from './users.js';
export * from './auth.js';
export * from './catalogue.js';
export * from './public-config.js';
export * from './simulations/index.js';
