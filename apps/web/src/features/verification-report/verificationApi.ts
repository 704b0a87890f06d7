// GET /verification-report (no sign-in): the cases `npm run verify` recorded.
import { queryOptions } from '@tanstack/react-query';
import { exportPaths, VerificationReport } from '@simforge/contracts';
import { api } from '../../lib/api';

export const VERIFICATION_PATH = '/verification';

export const verificationReportQuery = () =>
  queryOptions({
    queryKey: ['verification-report'] as const,
    queryFn: async ({ signal }) => VerificationReport.parse(await api.get(exportPaths.verificationReport, { signal })),
    staleTime: 10 * 60_000,
  });

/** The page's address, narrowed to a simulation type's models when given. */
export function verificationPath(type?: string | null): string {
  return type ? `${VERIFICATION_PATH}?type=${encodeURIComponent(type)}` : VERIFICATION_PATH;
}

/** The models that run `type` (CIRCULAR_PIPE: both of its models). */
export function modelsOfType(report: VerificationReport, type: string): string[] {
  return report.models.filter((m) => m.types.includes(type)).map((m) => m.model);
}

export function formatError(value: number | null, kind: 'relative' | 'absolute', unit: string): string {
  if (value === null) return 'not computed';
  if (!Number.isFinite(value)) return String(value);
  const text = (v: number) => (v === 0 ? '0' : Math.abs(v) >= 1e4 || Math.abs(v) < 1e-3 ? v.toExponential(2) : String(Number(v.toPrecision(3))));
  return kind === 'relative' ? `${text(100 * value)} %` : `${text(value)}${unit ? ` ${unit}` : ''}`;
}
