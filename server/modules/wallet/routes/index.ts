import type { FastifyInstance } from 'fastify';
import depositLogosRoutes from './deposit-logos';
import depositReceiptsRoutes from './deposit-receipts';
import depositsRoutes from './deposits';
import gatewayCallbackRoutes from './gateway-callback';
import opsBalanceRoutes from './ops-balance';
import opsDepositsRoutes from './ops-deposits';
import opsLedgerRoutes from './ops-ledger';
import opsTurnoverRoutes from './ops-turnover';
import opsWithdrawalsRoutes from './ops-withdrawals';
import payoutAccountsRoutes from './payout-accounts';
import rebatesRoutes from './rebates';
import transfersRoutes from './transfers';
import walletRoutes from './wallet';
import withdrawalsRoutes from './withdrawals';

/** Every route of the wallet module (each file registers its own, with its schemas from schemas/api). */
export default async function walletModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    depositLogosRoutes,
    depositReceiptsRoutes,
    depositsRoutes,
    gatewayCallbackRoutes,
    opsBalanceRoutes,
    opsDepositsRoutes,
    opsLedgerRoutes,
    opsTurnoverRoutes,
    opsWithdrawalsRoutes,
    payoutAccountsRoutes,
    rebatesRoutes,
    transfersRoutes,
    walletRoutes,
    withdrawalsRoutes,
  ]) {
    await app.register(routes);
  }
}
