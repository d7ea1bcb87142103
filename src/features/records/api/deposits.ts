/** Deposit record (schemas/api/money-records.json deposits): the member's deposits of a range, keyset-paged, with totals by state. */
import type { DepositPage, DepositRecord, DepositsQuery, DepositState } from '../../../generated/api/money-records';

export type { DepositPage, DepositRecord, DepositsQuery };
export type DepositRecordState = DepositState;

/** The endpoint of the deposit record's pages (the records kit's useRecordList loads them). */
export const DEPOSIT_RECORDS_ENDPOINT = 'GET /wps/records/deposits';
