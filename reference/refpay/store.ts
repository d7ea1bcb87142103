/**
 * RefPay's own store of payments: in memory, and written to `<dataDir>/payments.json` (mode
 * 0600, replaced atomically) after each change when a data folder is given, so a restart keeps
 * open payments and undelivered notices.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaymentStatus } from './protocol';

export interface Payment {
  id: string;
  merchantId: string;
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  notifyUrl: string;
  status: PaymentStatus;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  /** The notice: delivered when the merchant answered 2xx; until then retried. */
  deliveredAt: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
}

export class PaymentStore {
  private readonly byId = new Map<string, Payment>();
  private readonly byOrder = new Map<string, string>();
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    if (!dataDir) return;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.file = join(dataDir, 'payments.json');
    let saved: Payment[] = [];
    try {
      saved = JSON.parse(readFileSync(this.file, 'utf8')) as Payment[];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const p of saved) this.remember(p);
  }

  private remember(p: Payment): void {
    this.byId.set(p.id, p);
    this.byOrder.set(`${p.merchantId}\u0000${p.orderId}`, p.id);
  }

  private persist(): void {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.byId.values()]), { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  get(id: string): Payment | undefined {
    const p = this.byId.get(id);
    return p ? { ...p } : undefined;
  }

  byMerchantOrder(merchantId: string, orderId: string): Payment | undefined {
    const id = this.byOrder.get(`${merchantId}\u0000${orderId}`);
    return id ? this.get(id) : undefined;
  }

  insert(p: Payment): void {
    this.remember({ ...p });
    this.persist();
  }

  /** Applies `change` when `when` holds for the stored payment; answers the payment as it now is. */
  update(id: string, change: Partial<Payment>, when: (p: Payment) => boolean = () => true): { changed: boolean; payment: Payment | undefined } {
    const current = this.byId.get(id);
    if (!current || !when(current)) return { changed: false, payment: current ? { ...current } : undefined };
    Object.assign(current, change);
    this.persist();
    return { changed: true, payment: { ...current } };
  }

  /** Decided payments whose notice is not delivered and is due at `now`. */
  due(now: Date): Payment[] {
    return [...this.byId.values()].filter((p) => p.status !== 'created' && !p.deliveredAt && p.nextAttemptAt !== null && new Date(p.nextAttemptAt) <= now).map((p) => ({ ...p }));
  }
}
