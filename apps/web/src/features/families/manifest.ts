// The families' manifests, looked up by a simulation's type through its family (familyOf): which
// results view draws a run, which results the generic cards leave to it, which sketch draws the
// parameters. A type no manifest serves has the generic cards only.
import { familyOf, type ResultsIndex } from '@simforge/contracts';
import { geothermalManifest } from './geothermal/manifest';
import { jetManifest } from './jet/manifest';
import { meltPoolManifest } from './melt-pool/manifest';
import type { FamilyManifest, ResultKind } from './shared/familyManifest';
import { RESIDUAL_SERIES } from './shared/residuals/residualHistory';

const manifests: readonly FamilyManifest[] = [jetManifest, meltPoolManifest, geothermalManifest];

export function manifestOf(type: string): FamilyManifest | null {
  const family = familyOf(type);
  return manifests.find((m) => m.family === family && (!m.types || m.types.includes(type))) ?? null;
}

export const hasResidualHistory = (index: Pick<ResultsIndex, 'series'>) => index.series.some((s) => s.name === RESIDUAL_SERIES);

/**
 * What the family's view and the residual card draw of a run, so the generic cards leave it out; null
 * when neither draws anything of it. The residual series is always the residual card's (log scale).
 */
export function claimsOf(type: string, index: Pick<ResultsIndex, 'series'>): ((kind: ResultKind, name: string) => boolean) | null {
  const claims = manifestOf(type)?.results?.claims;
  if (!claims && !hasResidualHistory(index)) return null;
  return (kind, name) => (kind === 'series' && name === RESIDUAL_SERIES) || (claims?.[kind].test(name) ?? false);
}
