import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import { decidePayment, decimalOf, findPayment, isPayable, PROVIDER_NAME, type GatewayPayment } from '../../services/gateway';

/**
 * The reference payment provider's own pages, outside /wps and /m as an external provider's
 * would be: GET /pay/:paymentId shows the payment (provider, merchant, amount) with Confirm and
 * Cancel; both are forms that POST back to the provider, which records the decision, notifies the
 * platform (signed callback, services/gateway.ts) and sends the payer back to the site. No
 * script at all; every value written into the page is escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `*{box-sizing:border-box}
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

const STATUS_TEXT: Record<GatewayPayment['status'], string> = {
  created: 'Awaiting your confirmation',
  paid: 'Payment completed',
  cancelled: 'Payment cancelled',
};

export function paymentPage(payment: GatewayPayment): string {
  const id = encodeURIComponent(payment.id);
  const summary = `<div class="label">Pay to</div><div class="merchant">${escapeHtml(payment.merchantName)}</div>
<div class="label">Amount</div><div class="amount">${escapeHtml(payment.currency)} ${escapeHtml(decimalOf(payment.amount))}</div>
<div class="ref">Order ${escapeHtml(String(payment.depositId))} · ${escapeHtml(payment.id)}</div>`;
  const payable = isPayable(payment);
  const actions =
    payable
      ? `<form method="post" action="/pay/${id}/confirm"><button class="confirm" type="submit">Confirm payment</button></form>
<form method="post" action="/pay/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
      : `<a class="back" href="${escapeHtml(payment.returnUrl)}">Return to ${escapeHtml(payment.merchantName)}</a>`;
  const status = payment.status === 'created' && !payable ? 'This payment has expired' : STATUS_TEXT[payment.status];
  return page(`${PROVIDER_NAME} · ${payment.merchantName}`, `<div class="card">${summary}<div class="status">${escapeHtml(status)}</div>${actions}</div>`);
}

interface PaymentRequest {
  Params: { paymentId: string };
}

const paramsSchema = { params: { $ref: 'wallet.json#/definitions/paymentParams' } };

export default async function gatewayPageRoutes(app: FastifyInstance) {
  /** The payment of the URL, on the host of its merchant only (404 elsewhere and when unknown). */
  async function paymentOf(request: FastifyRequest<PaymentRequest>): Promise<GatewayPayment> {
    const payment = await findPayment(app, request.params.paymentId);
    if (!payment || payment.merchantCode !== request.tenant.merchantCode) throw new ApiError('not.found', 404);
    return payment;
  }

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get('/pay/provider.css', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLE));

  app.get<PaymentRequest>('/pay/:paymentId', { schema: paramsSchema }, async (request, reply) => {
    const payment = await paymentOf(request);
    return noStore(reply).type('text/html; charset=utf-8').send(paymentPage(payment));
  });

  for (const [action, status] of [
    ['confirm', 'paid'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post<PaymentRequest>(`/pay/:paymentId/${action}`, { schema: paramsSchema }, async (request, reply) => {
      const payment = await paymentOf(request);
      // Decided once; a second press (or the other button afterwards) changes nothing.
      const decided = (await decidePayment(app, payment.id, status)) ?? payment;
      return noStore(reply).redirect(decided.returnUrl, 303);
    });
  }
}
