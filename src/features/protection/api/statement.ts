/** The activity statement (schemas/api/statement.json): per month, and as a CSV download. */
import type { SWRResponse } from 'swr';
import type { Month as StatementMonth, Statement } from '../../../generated/api/statement';
import { requestDownload, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { Statement, StatementMonth };

const STATEMENT_ENDPOINT = 'GET /wps/member/statement';

export function useStatement(scope: string | null | undefined, months: number): SWRResponse<Statement, ApiFailure> {
  return useResource(scope ? resourceKey(STATEMENT_ENDPOINT, { months }, scope) : null);
}

/** The statement's CSV (sent with the session token) and the file name the server gives it. */
export function fetchStatementCsv(months: number): Promise<{ blob: Blob; filename: string | null }> {
  return requestDownload('/wps/member/statement.csv', { query: { months } });
}
