import { useLocation, useNavigate } from 'react-router-dom';

export interface RecordSearch {
  /** The address's query parameters now. */
  params: URLSearchParams;
  /** Shows `next` in the address in place of the current entry (a filter is not a page of history). */
  replace(next: URLSearchParams): void;
}

/**
 * What a records screen shows, read from and written to its address (see record-search.ts). The
 * router's location, so the server's render and the browser's first one read the same.
 */
export function useRecordSearch(): RecordSearch {
  const location = useLocation();
  const navigate = useNavigate();
  return {
    params: new URLSearchParams(location.search),
    replace(next) {
      const search = next.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    },
  };
}
