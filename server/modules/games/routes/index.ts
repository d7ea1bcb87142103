import type { FastifyInstance } from 'fastify';
import favouritesRoutes from './favourites';
import gamesRoutes from './games';
import iconsRoutes from './icons';
import inhouseRoutes from './inhouse';
import launchRoutes from './launch';
import lotteryDrawsRoutes from './lottery-draws';
import vendorWalletRoutes from './vendor-wallet';
import winnersRoutes from './winners';

/** Every route of the games module (each file registers its own, with its schemas from schemas/api). */
export default async function gamesModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    favouritesRoutes,
    gamesRoutes,
    iconsRoutes,
    inhouseRoutes,
    launchRoutes,
    lotteryDrawsRoutes,
    vendorWalletRoutes,
    winnersRoutes,
  ]) {
    await app.register(routes);
  }
}
