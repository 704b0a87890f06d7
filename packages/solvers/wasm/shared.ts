// AssemblyScript source of the thermal step's copy-and-map loops shared out in chunks between two threads (the
// caller and its helper, src/thermal/thread-team.ts): each thread takes the next chunk from a counter
// in the control block (atomic add) until none is left. Each cell's result depends only on its own
// inputs (E from T, T from E, the peak from T, the implicit step's start, a cell's own faces and
// the sum of its faces), never on which thread took it or in which order, so
// the result is the one-thread loop's bit for bit; the thread with the lighter chunks simply takes
// more of them (the melt pool's layers cost more than the cold ones, so a fixed cut left one thread
// waiting for the other).

import { sweepPairs } from './kernel';
import { peaks, temperatures } from './enthalpy';
import { implicitStart } from './newton';
import { faceSumsGather } from './fluxes';
import { assemblePlanes, updateCellConductances } from './conductances';

/** The first index of the next chunk of `chunk` in [from, to), or `to` when none is left. */
@inline function nextChunk(oNext: usize, from: i32, to: i32, chunk: i32): i32 {
  const start = from + atomic.add<i32>(oNext, chunk);
  return start < to ? start : to;
}

/** temperatures over [from, to) in chunks of `chunk` cells taken from the counter at oNext. */
export function temperaturesShared(oE: usize, oT: usize, oMask: usize, from: i32, to: i32, oNext: usize, chunk: i32): void {
  for (let start = nextChunk(oNext, from, to, chunk); start < to; start = nextChunk(oNext, from, to, chunk)) {
    temperatures(oE, oT, oMask, start, min(start + chunk, to));
  }
}

/** peaks over [from, to) in chunks of `chunk` cells taken from the counter at oNext. */
export function peaksShared(oT: usize, oPeak: usize, oMask: usize, from: i32, to: i32, oNext: usize, chunk: i32): void {
  for (let start = nextChunk(oNext, from, to, chunk); start < to; start = nextChunk(oNext, from, to, chunk)) {
    peaks(oT, oPeak, oMask, start, min(start + chunk, to));
  }
}

/** The explicit update pair of layers by pair from the counter at oNext; the last pair's thread takes the odd top layer. */
export function sweepShared(oT: usize, oGx: usize, oGy: usize, oGz: usize, oR: usize, oExtra: usize, oE: usize, nx: i32, ny: i32, nz: i32, oNext: usize): void {
  const pairs = nz >> 1;
  for (let pair = nextChunk(oNext, 0, pairs, 1); pair < pairs; pair = nextChunk(oNext, 0, pairs, 1)) {
    sweepPairs(oT, oGx, oGy, oGz, oR, oExtra, oE, nx, ny, nz, pair, pair + 1, pair == pairs - 1);
  }
}

/** implicitStart over [from, to) in chunks of `chunk` cells taken from the counter at oNext. */
export function implicitStartShared(oE: usize, oEold: usize, oFluxOld: usize, oGx: usize, oGy: usize, oGz: usize, oOx: usize, oOy: usize, oOz: usize, oMask: usize, oT: usize, oD: usize, oRhs: usize, oTnext: usize, from: i32, to: i32, oNext: usize, chunk: i32): void {
  for (let start = nextChunk(oNext, from, to, chunk); start < to; start = nextChunk(oNext, from, to, chunk)) {
    implicitStart(oE, oEold, oFluxOld, oGx, oGy, oGz, oOx, oOy, oOz, oMask, oT, oD, oRhs, oTnext, start, min(start + chunk, to));
  }
}

/** faceSumsGather over [from, to) in chunks of `chunk` cells taken from the counter at oNext. */
export function faceSumsShared(oGx: usize, oGy: usize, oGz: usize, nx: i32, ny: i32, from: i32, to: i32, oOut: usize, oNext: usize, chunk: i32): void {
  for (let start = nextChunk(oNext, from, to, chunk); start < to; start = nextChunk(oNext, from, to, chunk)) {
    faceSumsGather(oGx, oGy, oGz, nx, ny, start, min(start + chunk, to), oOut);
  }
}

/** assembleConductances plane by plane from the counter at oNext (each cell writes only its own faces). */
export function assembleShared(oK: usize, oKy: usize, oKz: usize, oGx: usize, oGy: usize, oGz: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, nx: i32, ny: i32, nz: i32, oNext: usize): void {
  for (let iz = nextChunk(oNext, 0, nz, 1); iz < nz; iz = nextChunk(oNext, 0, nz, 1)) {
    assemblePlanes(oK, oKy, oKz, oGx, oGy, oGz, oMask, oDx, oDy, oDz, nx, ny, nz, iz, iz + 1);
  }
}

/**
 * updateCellConductances over the listed cells in chunks of `chunk` taken from the counter at oNext.
 * Two neighbours in the list both recompute the face between them, each with that face's one
 * expression (conductances.ts faceX, faceY, faceZ of the lower cell), so both threads write the same
 * value there.
 */
export function updateCellsShared(oK: usize, oKy: usize, oKz: usize, oGx: usize, oGy: usize, oGz: usize, oMask: usize, oDx: usize, oDy: usize, oDz: usize, nx: i32, ny: i32, nz: i32, oCells: usize, count: i32, oNext: usize, chunk: i32): void {
  for (let start = nextChunk(oNext, 0, count, chunk); start < count; start = nextChunk(oNext, 0, count, chunk)) {
    updateCellConductances(oK, oKy, oKz, oGx, oGy, oGz, oMask, oDx, oDy, oDz, nx, ny, nz, oCells + (<usize>start << 2), min(chunk, count - start));
  }
}
