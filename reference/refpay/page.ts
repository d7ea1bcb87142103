/**
 * RefPay's hosted payment page: the payment (merchant, amount) with Confirm and Cancel, both
 * forms posting back to RefPay. No script at all; every value written into the page is escaped.
 */
import { decimalOf } from './protocol';
import type { Payment } from './store';

const PROVIDER_NAME = 'RefPay';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export const STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#1c2433;display:flex;flex-direction:column;align-items:center}
header{width:100%;background:#0f5f4c;color:#fff;padding:14px 20px;display:flex;align-items:center;gap:10px}
.mark{width:30px;height:30px;border-radius:8px;background:#fff;color:#0f5f4c;font-weight:800;display:grid;place-items:center}
.brand{font-weight:700;letter-spacing:.02em}
.secure{margin-left:auto;font-size:12px;opacity:.85}
main{width:100%;max-width:420px;padding:24px 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 2px 10px rgba(15,40,80,.08);padding:22px}
.label{font-size:13px;color:#5d6b82}
.merchant{font-size:18px;font-weight:600;margin:2px 0 16px}
.amount{font-size:34px;font-weight:700;margin:2px 0 4px}
.ref{font-size:13px;color:#5d6b82;margin-bottom:20px}
.status{padding:10px 12px;border-radius:10px;background:#f1f4f9;margin-bottom:16px}
form{margin:0}
button,.back{display:block;width:100%;border:0;border-radius:10px;padding:14px;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.confirm{background:#0f5f4c;color:#fff;margin-bottom:10px}
.cancel{background:#fff;color:#3a475c;border:1px solid #ccd5e2}
.back{background:#0f5f4c;color:#fff}
footer{font-size:12px;color:#7a869a;padding:16px;text-align:center}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/pay/provider.css"></head>
<body><header><span class="mark" aria-hidden="true">R</span><span class="brand">${escapeHtml(PROVIDER_NAME)}</span><span class="secure">Secure checkout</span></header>
<main>${body}</main><footer>${escapeHtml(PROVIDER_NAME)} reference payment service</footer></body></html>`;
}

const STATUS_TEXT: Record<Payment['status'], string> = {
  created: 'Awaiting your confirmation',
  paid: 'Payment completed',
  cancelled: 'Payment cancelled',
};

/** A payment still open: not decided and not past its time. */
export const isPayable = (p: Payment, now = new Date()): boolean => p.status === 'created' && new Date(p.expiresAt) > now;

export function paymentPage(p: Payment, now = new Date()): string {
  const id = encodeURIComponent(p.id);
  const summary = `<div class="label">Pay to</div><div class="merchant">${escapeHtml(p.description)}</div>
<div class="label">Amount</div><div class="amount">${escapeHtml(p.currency)} ${escapeHtml(decimalOf(p.amount))}</div>
<div class="ref">Order ${escapeHtml(p.orderId)}</div>`;
  const payable = isPayable(p, now);
  const actions = payable
    ? `<form method="post" action="/pay/${id}/confirm"><button class="confirm" type="submit">Confirm payment</button></form>
<form method="post" action="/pay/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
    : `<a class="back" href="${escapeHtml(p.returnUrl)}">Return to ${escapeHtml(p.description)}</a>`;
  const status = p.status === 'created' && !payable ? 'This payment has expired' : STATUS_TEXT[p.status];
  return page(`${PROVIDER_NAME} · ${p.description}`, `<div class="card">${summary}<div class="status">${escapeHtml(status)}</div>${actions}</div>`);
}
