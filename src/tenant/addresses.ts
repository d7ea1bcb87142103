import { isIP } from 'node:net';

/** An IP address, or a CIDR with a prefix length its family allows (`10.0.0.0/8`, `2001:db8::/32`). */
export function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
