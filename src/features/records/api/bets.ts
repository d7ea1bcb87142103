/** Betting record (schemas/api/reports.json bets): the member's bets, keyset-paged, with totals over the range. */
import type { Bet, BetPage, BetsQuery } from '../../../generated/api/reports';

export type { Bet, BetPage, BetsQuery };

/** The endpoint of the betting record's pages (the records kit's useRecordList loads them). */
export const BETS_ENDPOINT = 'GET /wps/records/bets';
