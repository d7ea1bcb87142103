/** Profit and loss (schemas/api/reports.json pnl): the member's sums over a range of the tenant's days. */
import type { SWRResponse } from 'swr';
import type { Pnl, PnlQuery } from '../../../generated/api/reports';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { Pnl, PnlQuery };

const PNL_ENDPOINT = 'GET /wps/records/pnl';

/** The member's profit and loss over the range of `query`; `scope` null (visitor, before hydration): nothing loads. */
export function usePnl(scope: string | null | undefined, query: PnlQuery): SWRResponse<Pnl, ApiFailure> {
  return useResource(scope ? resourceKey(PNL_ENDPOINT, query, scope) : null);
}
