// The kinds of a boundary face (BoundaryFaces.kind) and of a wall's thermal condition (BoundaryFaces.thermal).

export const WALL = 1;
export const SYMMETRY = 2;
export const INLET = 3;
export const OUTLET = 4;
export const OPENING = 5;

export const THERMAL_TEMPERATURE = 1;
export const THERMAL_FLUX = 2;
