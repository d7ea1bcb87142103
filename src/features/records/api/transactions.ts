/** Account record (schemas/api/reports.json transactions): the member's ledger entries, keyset-paged. */
import type { Transaction, TransactionPage, TransactionsQuery } from '../../../generated/api/reports';

export type { Transaction, TransactionPage, TransactionsQuery };

/** The endpoint of the account record's pages (the records kit's useRecordList loads them). */
export const TRANSACTIONS_ENDPOINT = 'GET /wps/records/transactions';
