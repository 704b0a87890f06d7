// The enthalpy table of src/thermal/enthalpy-table.ts for the module's loops (wasm/enthalpy.ts,
// wasm/newton.ts, wasm/properties.ts): E(T), dE/dT, T(E) and k(T) written out with EnthalpyTable's operations in its order, so
// each returns bitwise what the TypeScript method does. The table is the enthalpy nodes H (f64, `size`
// of them, in the imported memory) on the grid min + j·step, with the slope endSlope beyond the last
// node; useTable selects it for the calls that follow (the module's globals keep the loops' argument
// lists short; each solver has its own instance).

@inline function node(oH: usize, j: i32): f64 { return load<f64>(oH + (<usize>j << 3)); }

// The table, set once per call (globals keep the loops' argument lists short).
let H: usize = 0;
/** The conductivity nodes (W/(m·K)), on the same grid. */
let K: usize = 0;
let size: i32 = 0;
let tMin: f64 = 0;
let tStep: f64 = 0;
let invStep: f64 = 0;
let endSlope: f64 = 0;

/** Selects the table the following calls read (EnthalpyTable's fields). */
export function useTable(oH: usize, oK: usize, nodes: i32, min: f64, step: f64, inverseStep: f64, slope: f64): void {
  H = oH;
  K = oK;
  size = nodes;
  tMin = min;
  tStep = step;
  invStep = inverseStep;
  endSlope = slope;
}

/** EnthalpyTable.enthalpyAt. */
@inline export function enthalpyAt(T: f64): f64 {
  const u = (T - tMin) * invStep;
  if (u <= 0) return node(H, 0) + (T - tMin) * (node(H, 1) - node(H, 0)) * invStep;
  const f = Math.floor(u);
  if (f >= <f64>(size - 1)) return node(H, size - 1) + (T - tMin - <f64>(size - 1) * tStep) * endSlope;
  if (f != f) return f;
  const j = <i32>f;
  const w = u - f;
  return node(H, j) + w * (node(H, j + 1) - node(H, j));
}

/** EnthalpyTable.capacityAt. */
@inline export function capacityAt(T: f64): f64 {
  const u = (T - tMin) * invStep;
  let f = Math.floor(u);
  if (f < 0) f = 0;
  if (f >= <f64>(size - 1)) return endSlope;
  if (f != f) return f;
  const j = <i32>f;
  return (node(H, j + 1) - node(H, j)) * invStep;
}

/** EnthalpyTable.temperatureAt. */
@inline export function temperatureAt(E: f64, guess: f64): f64 {
  const last = size - 1;
  const H0 = node(H, 0);
  if (E <= H0) return tMin + ((E - H0) / (node(H, 1) - H0)) * tStep;
  const HL = node(H, last);
  if (E >= HL) return tMin + <f64>last * tStep + (E - HL) / endSlope;
  let u = Math.floor((guess - tMin) * invStep);
  if (u < 0) u = 0;
  if (u > <f64>(last - 1)) u = <f64>(last - 1);
  // A NaN guess (never a solver state) starts the walk at node 0 rather than failing.
  let j = u == u ? <i32>u : 0;
  while (E < node(H, j)) j--;
  while (E >= node(H, j + 1)) j++;
  const Hj = node(H, j);
  return tMin + (<f64>j + (E - Hj) / (node(H, j + 1) - Hj)) * tStep;
}

/** EnthalpyTable.conductivityAt. */
@inline export function conductivityAt(T: f64): f64 {
  const u = (T - tMin) * invStep;
  if (u <= 0) return node(K, 0);
  const f = Math.floor(u);
  if (f >= <f64>(size - 1)) return node(K, size - 1);
  if (f != f) return f;
  const j = <i32>f;
  const w = u - f;
  return node(K, j) + w * (node(K, j + 1) - node(K, j));
}
