export * from './polygon.js';
export * from './raster.js';
export * from './joints.js';
export * from './custom.js';
