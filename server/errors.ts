/**
 * Stable error codes of the /wps API and the i18n key each one maps to. The client shows
 * `message` (the key) through i18next; `errorCode` is for program logic and never changes.
 */
export const ERROR_KEYS = {
  'login.failed': 'err_login_failed',
  'captcha.required': 'captcha_required',
  'captcha.invalid': 'err_captcha_invalid',
  'session.invalid': 'account_logged_out',
  'session.required': 'not_logged_in',
  /** Renewal of a token another renewal already replaced (its successor is elsewhere, e.g. another tab). */
  'session.rotated': 'account_logged_out',
  'validation.failed': 'err_validation_failed',
  'username.exists': 'username_exists',
  'mobile.exists': 'err_mobile_exists',
  'affiliate.invalid': 'invitation_code_error',
  'recommender.invalid': 'referrer_link_error',
  'modify.new.old.same': 'new_old_password_same',
  'password.incorrect': 'err_password_incorrect',
  'balance.insufficient': 'err_balance_insufficient',
  'launch.invalid': 'err_launch_invalid',
  'password.not.set': 'err_password_not_set',
  'password.change.required': 'err_password_change_required',
  'sms.code.invalid': 'verification_code_error',
  'rate.limited': 'err_rate_limited',
  'encryption.required': 'err_encryption_required',
  'encryption.invalid': 'err_encryption_invalid',
  'encryption.stale': 'err_encryption_stale',
  'encryption.replayed': 'err_encryption_replayed',
  'idempotency.key.reused': 'err_idempotency_key_reused',
  'body.malformed': 'err_body_malformed',
  'body.too.large': 'err_body_too_large',
  'content.type.unsupported': 'err_content_type_unsupported',
  'not.found': 'err_not_found',
  'maintenance': 'platform_maintenance',
  'region.restricted': 'access_restricted',
  'registration.disabled': 'err_registration_disabled',
  'module.disabled': 'no_permission',
  'trial.forbidden': 'login_actual_account',
  'message.send.failed': 'err_message_send_failed',
  'site.unavailable': 'system_upgrading',
  /** Deposits (server/modules/wallet/services/deposits.ts) and the payment provider's notice (server/modules/wallet/services/gateway.ts). */
  'deposit.channel.unknown': 'err_deposit_channel_unknown',
  'deposit.amount.below.min': 'err_deposit_amount_below_min',
  'deposit.amount.above.max': 'err_deposit_amount_above_max',
  'deposit.state.invalid': 'err_deposit_state_invalid',
  'deposit.not.manual': 'err_deposit_not_manual',
  'deposit.pending.limit': 'err_deposit_pending_limit',
  'receipt.invalid': 'err_receipt_invalid',
  'signature.invalid': 'err_signature_invalid',
  'signature.stale': 'err_signature_stale',
  'gateway.amount.mismatch': 'err_gateway_amount_mismatch',
  'payment.provider.unavailable': 'err_payment_provider_unavailable',
  /** The game's vendor is down or slow (the launch's health probe), or no vendor serves it (production). */
  'game.vendor.unavailable': 'err_game_vendor_unavailable',
  'server.error': 'unknown_error',
  /** 503: the request's transaction lost every retry to deadlocks or serialization failures (server/db/client.ts); nothing was written, it may be sent again. */
  'server.busy': 'err_server_busy',
  /** The back office (/ops): no or a stale operator session. */
  'ops.session.required': 'err_ops_session_required',
  'ops.login.failed': 'err_ops_login_failed',
  /** The operator has TOTP: the right password needs a code with it. */
  'ops.totp.required': 'err_ops_totp_required',
  'ops.operator.disabled': 'err_ops_operator_disabled',
  'ops.merchant.forbidden': 'err_ops_merchant_forbidden',
  /** /ops/cli: not from this machine, or not with the data folder's key. */
  'ops.cli.forbidden': 'err_ops_cli_forbidden',
  /** An operator action refused for a reason of its own (value: { code, reason }). */
  'ops.refused': 'err_ops_refused',
  'payment.password.exists': 'err_payment_password_exists',
  'payment.password.unset': 'err_payment_password_unset',
  'payment.password.incorrect': 'err_payment_password_incorrect',
  'payment.password.locked': 'err_payment_password_locked',
  'mobile.missing': 'err_mobile_missing',
  'image.invalid': 'err_image_invalid',
  /** Feedback content outside the tenant's word counts (value: field, min, max). */
  'feedback.words': 'feedback_words',
  'identity.age.under': 'err_identity_age_under',
  'identity.open': 'err_identity_open',
  'identity.not.pending': 'err_identity_not_pending',
  'identity.unverified': 'err_identity_unverified',
  'payout.name.mismatch': 'err_payout_name_mismatch',
  'payout.account.limit': 'err_payout_account_limit',
  'payout.account.exists': 'err_payout_account_exists',
  'payout.account.missing': 'err_payout_account_missing',
  'turnover.required': 'err_turnover_required',
  'withdrawal.pending': 'err_withdrawal_pending',
  'withdrawal.daily.limit': 'err_withdrawal_daily_limit',
  'withdrawal.amount.range': 'err_withdrawal_amount_range',
  /** Records ranges (src/lib/date-range.ts), each 400 with value.field (`/start` or `/end`). */
  'date.invalid': 'err_date_invalid',
  'date.range.order': 'err_date_range_order',
  'date.range.length': 'err_date_range_length',
  'date.range.old': 'err_date_range_old',
  'date.range.future': 'err_date_range_future',
  /** Cash back (server/modules/wallet/services/rebates.ts). */
  'rebate.disabled': 'err_rebate_disabled',
  'rebate.report.disabled': 'err_rebate_report_disabled',
  'rebate.nothing.accrued': 'err_rebate_nothing_accrued',
  'rebate.below.minimum': 'err_rebate_below_minimum',
  /** VIP levels (server/modules/engagement/services/vip.ts): the benefits page needs settings.vipBenefit. */
  'vip.disabled': 'err_vip_disabled',
  /** The reward centre (server/modules/engagement/services/rewards.ts). */
  'reward.disabled': 'err_reward_disabled',
  'reward.not.found': 'err_reward_not_found',
  'reward.claimed': 'err_reward_claimed',
  'reward.expired': 'err_reward_expired',
  /** Promotions (server/modules/engagement/services/promotions.ts). */
  'promotion.not.found': 'err_promotion_not_found',
  'promotion.not.started': 'err_promotion_not_started',
  'promotion.closed': 'err_promotion_closed',
  'promotion.no.action': 'err_promotion_no_action',
  'promotion.done': 'err_promotion_done',
  'promotion.target.unmet': 'err_promotion_target_unmet',
  /** Mission tasks (server/modules/engagement/services/missions.ts). */
  'mission.task.not.found': 'err_mission_task_not_found',
  'mission.not.joined': 'err_mission_not_joined',
  'mission.task.unmet': 'err_mission_task_unmet',
  'mission.task.claimed': 'err_mission_task_claimed',
  /** Transfers to the upline (server/modules/wallet/services/transfers.ts). */
  'transfer.disabled': 'err_transfer_disabled',
  'transfer.type.forbidden': 'err_transfer_type_forbidden',
  'transfer.upline.missing': 'err_transfer_upline_missing',
  'transfer.amount.range': 'err_transfer_amount_range',
  /** Player protection limits (server/modules/protection/services/player-limits.ts): value { period, amount (what remains), limit }. */
  'limit.deposit.exceeded': 'err_limit_deposit_exceeded',
  'limit.wager.exceeded': 'err_limit_wager_exceeded',
  'limit.loss.exceeded': 'err_limit_loss_exceeded',
  /** The member's session time limit is reached: the login is ended (401). */
  'limit.session.reached': 'err_limit_session_reached',
  /** Player protection (server/modules/protection/services/exclusions.ts): a time-out or self-exclusion in force (value: { until, date, kind }). */
  'member.excluded': 'err_excluded',
  /** A new exclusion that would end before the one in force: re-excluding can only extend. */
  'exclusion.shorten': 'err_excluded_shorten',
  /** Lifting or shortening an exclusion before its end: refused to everyone, operators included. */
  'exclusion.irreversible': 'err_excluded_irreversible',
  /** Registration: a birth date under the tenant's age limit (value: { field, ageLimit }). */
  'age.under': 'err_age_under',
  /** A spin while the member's reality check is due and not yet acknowledged (server/modules/protection/services/reality-check.ts). */
  'reality.check.due': 'reality_check_due',
  /** An agent-only records view (the team's transfers) asked by a member of type 0, 4 or 40. */
  'agent.required': 'err_agent_required',
  /** Opening an account (POST /wps/agent/accounts) asked by a member of type 0, 4 or 40. */
  'agent.open.forbidden': 'err_agent_open_forbidden',
  /** Agent accounts and rebate rates (server/modules/agent/services/agent-accounts.ts): 400 with value { field, gameType, own }. */
  'rebate.above.own': 'err_rebate_above_own',
  /** The member is not the agent's direct downline (or not of its merchant). */
  'agent.member.not.found': 'err_agent_member_not_found',
  /** Separate logins (spec sections 6 and 8): the agent entry refuses players, a member-only entry refuses agents. */
  'login.agent.only': 'non_agent_login',
  'login.member.only': 'non_member_login',
  /** Red-envelope rain (server/modules/engagement/services/red-rain.ts). */
  'redRain.not.found': 'err_red_rain_not_found',
  'redRain.closed': 'err_red_rain_closed',
  'redRain.exhausted': 'err_red_rain_exhausted',
  'redRain.limit': 'err_red_rain_limit',
  /** Per-person caps (server/modules/account/services/person.ts): an account an agent opened, before its holder verifies a mobile number. */
  'person.unverified': 'err_person_unverified',
  /** Binding a mobile number by SMS (server/modules/account/services/mobile-binding.ts). */
  'mobile.verified': 'err_mobile_verified',
  /** Agent contracts (server/modules/agent/services/agent-contracts.ts). */
  'contract.disabled': 'err_contract_disabled',
  'contract.downline.invalid': 'err_contract_downline_invalid',
  'contract.terms.exceeded': 'err_contract_terms_exceeded',
  'contract.not.found': 'err_contract_not_found',
  'contract.state.invalid': 'err_contract_state_invalid',
  /** A top-level agent (no signed contract of the kind) proposing before an operator set its ceiling (403, value { kind }). */
  'contract.ceiling.missing': 'err_contract_ceiling_missing',
  /** Opening an account past settings.agentAccounts.openPerDay (429, value { limit, resetsAt }: the next tenant midnight). */
  'agent.open.limit': 'err_agent_open_limit',
} as const;

export type ErrorCode = keyof typeof ERROR_KEYS;

/** An error the API reports to the client in the envelope, with its HTTP status. */
export class ApiError extends Error {
  readonly errorCode: ErrorCode;
  readonly statusCode: number;
  readonly value: unknown;

  constructor(errorCode: ErrorCode, statusCode: number, value?: unknown) {
    super(errorCode);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.statusCode = statusCode;
    this.value = value;
  }
}

export interface ErrorEnvelope {
  success: false;
  errorCode: ErrorCode;
  message: string;
  value?: unknown;
}

export function errorEnvelope(errorCode: ErrorCode, value?: unknown): ErrorEnvelope {
  const body: ErrorEnvelope = { success: false, errorCode, message: ERROR_KEYS[errorCode] };
  if (value !== undefined) body.value = value;
  return body;
}

/** The success envelope. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

/** A field broke its schema or rule. `field` is a JSON pointer (e.g. `/username`). */
export function validationError(field: string, extra: { location?: string; messageKey?: string; reason?: string } = {}): ApiError {
  return new ApiError('validation.failed', 400, { field, ...extra });
}

export const invalidField = (field: string, messageKey?: string): ApiError => validationError(field, messageKey ? { messageKey } : {});
