import { i as swrFetcher, r as request } from "./client-7PKTKQkC.js";
import useSWR from "swr";
// src/features/wallet/api/wallet.ts
/** Wallet (GET /wps/member/wallet): sumBalance, the total balance with 2 decimals. */
var WALLET_PATH = "/wps/member/wallet";
function getWallet() {
	return request("GET", WALLET_PATH);
}
function useWallet(token) {
	return useSWR(token ? [
		WALLET_PATH,
		void 0,
		token
	] : null, ([path]) => swrFetcher([path]));
}
export { WALLET_PATH, getWallet, useWallet };
