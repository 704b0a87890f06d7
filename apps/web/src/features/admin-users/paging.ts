// Paging of the users table, kept in the address (`?page=2&size=50`, page counted from 1).

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface Paging {
  /** Zero-based, as MUI's TablePagination counts. */
  page: number;
  size: number;
  skip: number;
}

export function pagingFrom(params: URLSearchParams): Paging {
  const pageParam = Number.parseInt(params.get('page') ?? '', 10);
  const sizeParam = Number.parseInt(params.get('size') ?? '', 10);
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const page = Number.isFinite(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;
  return { page, size, skip: page * size };
}

export function pagingParams(page: number, size: number): Record<string, string> {
  const params: Record<string, string> = { page: String(page + 1) };
  if (size !== DEFAULT_PAGE_SIZE) params.size = String(size);
  return params;
}
