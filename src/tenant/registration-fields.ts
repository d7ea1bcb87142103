/**
 * Optional registration fields governed by the tenant's registration field config (enabled /
 * required): one list for the register form and the server that enforces the same config.
 */
export const CONFIGURED_REGISTRATION_FIELDS = [
  'affiliateCode',
  'paymentPassword',
  'recommenderId',
  'nickname',
  'payeeName',
  'email',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
] as const;
