// The list screens' filters, kept in the address (`?status=running&family=pipe&q=elbow&sort=-title&page=2`)
// and turned into the API's query (skip, limit, status, family, q, sort).
import { simulationFamilies, simulationSortFields, simulationStatuses, type SimulationFamily, type SimulationSortField, type SimulationStatus } from '@simforge/contracts';

export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 25;
export const DEFAULT_SORT = '-updated_at';

export interface ListFilters {
  statuses: SimulationStatus[];
  family: SimulationFamily | null;
  q: string;
  sort: { field: SimulationSortField; descending: boolean };
  /** Zero-based. */
  page: number;
  size: number;
}

export const defaultFilters: ListFilters = {
  statuses: [],
  family: null,
  q: '',
  sort: { field: 'updated_at', descending: true },
  page: 0,
  size: DEFAULT_LIST_PAGE_SIZE,
};

function parseSort(value: string | null): ListFilters['sort'] {
  if (!value) return defaultFilters.sort;
  const descending = value.startsWith('-');
  const field = (descending ? value.slice(1) : value) as SimulationSortField;
  return simulationSortFields.includes(field) ? { field, descending } : defaultFilters.sort;
}

export function sortParam(sort: ListFilters['sort']): string {
  return `${sort.descending ? '-' : ''}${sort.field}`;
}

/** Reads the filters from the address; anything unknown falls back to the default. */
export function filtersFrom(params: URLSearchParams): ListFilters {
  const statuses = (params.get('status') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is SimulationStatus => (simulationStatuses as readonly string[]).includes(s));
  const familyParam = params.get('family');
  const family = familyParam && (simulationFamilies as readonly string[]).includes(familyParam) ? (familyParam as SimulationFamily) : null;
  const pageParam = Number.parseInt(params.get('page') ?? '', 10);
  const sizeParam = Number.parseInt(params.get('size') ?? '', 10);
  return {
    statuses: [...new Set(statuses)],
    family,
    q: (params.get('q') ?? '').slice(0, 200),
    sort: parseSort(params.get('sort')),
    page: Number.isFinite(pageParam) && pageParam >= 1 ? pageParam - 1 : 0,
    size: (LIST_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_LIST_PAGE_SIZE,
  };
}

/** The address form of the filters: only what differs from the defaults. */
export function filtersToParams(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.statuses.length) params.set('status', filters.statuses.join(','));
  if (filters.family) params.set('family', filters.family);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  const sort = sortParam(filters.sort);
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (filters.page > 0) params.set('page', String(filters.page + 1));
  if (filters.size !== DEFAULT_LIST_PAGE_SIZE) params.set('size', String(filters.size));
  return params;
}

export interface ListApiQuery {
  skip: number;
  limit: number;
  sort: string;
  status?: string;
  family?: string;
  /** One simulation type (the API's `type`; the list screen does not filter by it). */
  type?: string;
  q?: string;
}

/** The query of GET /simulations/ (and /all). */
export function apiQueryOf(filters: ListFilters): ListApiQuery {
  const query: ListApiQuery = { skip: filters.page * filters.size, limit: filters.size, sort: sortParam(filters.sort) };
  if (filters.statuses.length) query.status = filters.statuses.join(',');
  if (filters.family) query.family = filters.family;
  const q = filters.q.trim();
  if (q) query.q = q;
  return query;
}

/** Clicking a column header: a new column sorts ascending (dates newest first), the same column flips. */
export function nextSort(current: ListFilters['sort'], field: SimulationSortField): ListFilters['sort'] {
  if (current.field === field) return { field, descending: !current.descending };
  return { field, descending: field === 'updated_at' || field === 'created_at' };
}
