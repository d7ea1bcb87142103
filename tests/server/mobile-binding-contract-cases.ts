/**
 * Success cases of the mobile verification routes (schemas/api/mobile-binding.json) for
 * tests/server/platform/contract.test.ts: spread into its CASES. Each case uses a new member and number.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, lastSmsCode, nextIp, uniqueDigits, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

export const MOBILE_BINDING_CONTRACT_CASES: Record<string, Case> = {
  'mobile-binding.sendMobileCode': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    return call(app, 'POST', '/wps/security/mobile/code', { token, ip: nextIp(), body: { mobileNum: `9${uniqueDigits(9)}` } });
  },
  'mobile-binding.verifyMobile': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    const mobileNum = `9${uniqueDigits(9)}`;
    await call(app, 'POST', '/wps/security/mobile/code', { token, ip: nextIp(), body: { mobileNum } });
    const verificationCode = await lastSmsCode(app, mobileNum);
    return call(app, 'POST', '/wps/security/mobile/verify', { token, ip: nextIp(), body: { mobileNum, verificationCode } });
  },
};
