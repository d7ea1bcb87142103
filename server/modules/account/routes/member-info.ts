import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { contractPromptValues } from '../../agent';
import { memberVip } from '../../engagement';

/** 9171234567 -> 917****567; short values keep only their ends. */
export function maskMobile(value: string | null): string | null {
  if (!value) return null;
  return value.length <= 6 ? `${value.slice(0, 1)}****` : `${value.slice(0, 3)}****${value.slice(-3)}`;
}

/** demoplayer@example.com -> de***@example.com */
export function maskEmail(value: string | null): string | null {
  if (!value) return null;
  const at = value.indexOf('@');
  return at < 0 ? '***' : `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
}

export default async function memberInfoRoutes(app: FastifyInstance) {
  apiRoute(app, 'member', 'info', {
    handler: async (request) => {
      const member = request.auth!.member;
      return {
        id: member.id,
        account: member.username,
        type: member.type,
        regDate: member.regDate.toISOString(),
        toUpline: await app.repos.members.username(member.uplineId),
        passwordSet: member.passwordHash !== null,
        nickname: member.nickname,
        mobileNum: maskMobile(member.mobileNum),
        email: maskEmail(member.email),
        ...(await memberVip(app, request.tenant, member)),
        ...(await contractPromptValues(app, request.tenant, member)),
      };
    },
  });
}
