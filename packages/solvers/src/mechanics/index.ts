// Structural mechanics shared by the physics models.

export * as plate from './plate/index.js';
