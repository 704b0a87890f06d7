import { errorDetail } from '../../lib/errorDetail';
import { ErrorAlert } from './ErrorAlert';

/** What a failed query shows: the API's detail in red, with a retry; nothing while it has not failed. */
export function QueryError({ query }: { query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  return query.isError ? <ErrorAlert onRetry={() => void query.refetch()}>{errorDetail(query.error).message}</ErrorAlert> : null;
}
