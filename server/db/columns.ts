/** The column shapes every table file shares: timestamps, serial ids, id references, minor-unit amounts, bytes. */
import { bigint, bigserial, customType, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => bigserial('id', { mode: 'number' }).primaryKey();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const money = (name: string) => bigint(name, { mode: 'number' });
/** Binary content (receipts, identity images, head icons) as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
