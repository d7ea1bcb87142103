/** Withdrawal record (schemas/api/money-records.json withdrawals): the member's withdrawals of a range, keyset-paged, with totals by state. */
import type { WithdrawalPage, WithdrawalRecord, WithdrawalsQuery, WithdrawalState } from '../../../generated/api/money-records';

export type { WithdrawalPage, WithdrawalRecord, WithdrawalsQuery };
export type WithdrawalRecordState = WithdrawalState;

/** The endpoint of the withdrawal record's pages (the records kit's useRecordList loads them). */
export const WITHDRAWAL_RECORDS_ENDPOINT = 'GET /wps/records/withdrawals';
