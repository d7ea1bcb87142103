/**
 * The public conformance kit (`npm run wallet-conformance`, a child process) against the
 * platform's own seamless wallet listening on a loopback port, on both databases: every case
 * passes, none is skipped, and the ledger is clean afterwards. Its inputs are prepared as an
 * operator prepares them (scripts/wallet-kit-platform.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CASES } from '../../../reference/wallet-conformance/cases';
import { prepareKit, runKit } from '../../../scripts/wallet-kit-platform';
import { describeBackends, expectLedgerClean, listening } from '../helpers';
import { startFakeVendor, vendorOptions, VENDOR_KEYS, WALLET_KEYS, type FakeVendor } from './vendor-wallet-helpers';

const vendor: FakeVendor = await startFakeVendor();
const dir = mkdtempSync(join(tmpdir(), 'wallet-conformance-'));
afterAll(async () => {
  await vendor.close();
  rmSync(dir, { recursive: true, force: true });
});

describeBackends(
  'the conformance kit against the platform',
  ({ server, backend }) => {
    it('passes every case, skips none, and leaves the ledger clean', async () => {
      const { app } = server();
      const origin = await listening(app, '127.0.0.1');
      const inputs = mkdtempSync(join(dir, `${backend}-`));
      const args = await prepareKit(app, { vendor: 'REFGAMES', origin, vendorPrivateKey: VENDOR_KEYS.privateKey, walletPublicKey: WALLET_KEYS.publicKey, dir: inputs });
      const run = await runKit(args);
      expect(run.stderr).toBe('');
      expect(run.stdout.trimEnd().split('\n')).toEqual([...CASES.map((c) => `PASS ${c.name}`), `${CASES.length} passed, 0 failed, 0 skipped`]);
      expect(run.code).toBe(0);
      await expectLedgerClean(app);
    }, 180_000);
  },
  vendorOptions(vendor.url),
);
