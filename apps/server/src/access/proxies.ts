import { BlockList, isIP } from 'node:net';

/** Names for common ranges, as proxy-addr knows them. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** One TRUST_PROXY entry: an address, a CIDR range, or a named range; null when it is none of these. */
export function parseProxyEntry(entry: string): string[] | null {
  const text = entry.trim().toLowerCase();
  if (NAMED[text]) return NAMED[text];
  const [address, prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length) return null;
  if (prefix === undefined) return [`${address}/${family === 4 ? 32 : 128}`];
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return [`${address}/${Number(prefix)}`];
}

/**
 * Whether a peer address is one of the configured proxies. Only a request from one of them may
 * tell the server the client's address (X-Forwarded-For) and protocol; with none configured, no
 * client can. Host names are never taken from a request (every URL comes from PUBLIC_URL).
 */
export function proxyTrust(ranges: string[]): ((address: string | undefined) => boolean) | null {
  if (!ranges.length) return null;
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address, Number(prefix), isIP(address) === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return list.check(mapped[1], 'ipv4');
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
