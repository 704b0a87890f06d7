import { describe, expect, it } from 'vitest';
import { queryString } from '../../lib/api';
import { apiQueryOf, defaultFilters, filtersFrom, filtersToParams, nextSort } from './listQuery';

describe('list filters', () => {
  it('default to the newest first, 25 a page, no filter', () => {
    expect(filtersFrom(new URLSearchParams(''))).toEqual(defaultFilters);
    expect(queryString({ ...apiQueryOf(defaultFilters) })).toBe('?skip=0&limit=25&sort=-updated_at');
  });

  it('turn into the API query string: statuses, family, text, sort and page', () => {
    const filters = filtersFrom(new URLSearchParams('status=running,queued&family=pipe&q=%20heat%20exchanger%20&sort=title&page=3&size=50'));
    expect(filters).toMatchObject({ statuses: ['running', 'queued'], family: 'pipe', sort: { field: 'title', descending: false }, page: 2, size: 50 });
    expect(queryString({ ...apiQueryOf(filters) })).toBe('?skip=100&limit=50&sort=title&status=running%2Cqueued&family=pipe&q=heat+exchanger');
  });

  it('drop what is not a known status, family, sort or page size', () => {
    const filters = filtersFrom(new URLSearchParams('status=running,bogus&family=space&sort=-owner&page=-2&size=7'));
    expect(filters).toEqual({ ...defaultFilters, statuses: ['running'] });
  });

  it('write to the address only what differs from the defaults, and read back the same', () => {
    const filters = { ...defaultFilters, statuses: ['failed' as const], q: 'loop', page: 1 };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('status=failed&q=loop&page=2');
    expect(filtersFrom(params)).toEqual(filters);
    expect(filtersToParams(defaultFilters).toString()).toBe('');
  });

  it('a header click sorts a new column (dates newest first) and flips the same one', () => {
    expect(nextSort({ field: 'updated_at', descending: true }, 'title')).toEqual({ field: 'title', descending: false });
    expect(nextSort({ field: 'title', descending: false }, 'title')).toEqual({ field: 'title', descending: true });
    expect(nextSort({ field: 'title', descending: true }, 'created_at')).toEqual({ field: 'created_at', descending: true });
  });
});
