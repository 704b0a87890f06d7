// The default JET_IMPINGING_RIDGE case as the σ-grid tests build on it (terrain-grid.test.ts,
// particles/curvilinear-sampler.test.ts): the case, the flat slot grid's axial faces (the plate's
// grading) and the ridge case's columns (64 steps).

import { jetFlowCase } from '../model/flow-case.js';
import { jetDefaults, readJetCase } from '../model/parameters.js';

export function defaultRidgeCase() {
  const jet = readJetCase('JET_IMPINGING_RIDGE', jetDefaults('JET_IMPINGING_RIDGE'));
  return { jet, ridge: jet.ridge!, axialFaces: jetFlowCase({ ...jet, ridge: undefined }).grid.xFaces, columnFaces: jetFlowCase(jet).grid.yFaces };
}
