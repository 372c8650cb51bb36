import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { integrationMessages as m } from '@portal/contract';

/**
 * Where webhooks may go (SSRF guard): public unicast addresses only. Loopback, private, carrier NAT,
 * link-local (the cloud metadata service at 169.254.169.254 among them), unique-local IPv6 (AWS's
 * fd00:ec2::254), multicast, reserved and documentation ranges are refused; an IPv4 address inside
 * IPv6 (mapped, NAT64) is judged by its IPv4 part.
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  refused.addSubnet(net, bits, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:|64:ff9b::)(?:0:)?(.+)$/.exec(lower);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export interface AddressPolicy {
  /** WEBHOOKS_ALLOW_LOOPBACK=on (tests, development): 127.0.0.0/8 and ::1 pass. */
  allowLoopback: boolean;
}

/** Whether a webhook may connect to this IP address. */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address);
  if (!family) return false;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (loopback.check(ip, type)) return policy.allowLoopback;
  return !refused.check(ip, type);
}

export class RefusedAddressError extends Error {
  constructor(
    message: string,
    readonly field: 'url' = 'url',
  ) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A `lookup` for http.request that resolves the host and refuses the connection unless every
 * address is allowed: the check and the connection use the same answer, so a DNS record that
 * changes between them (rebinding) cannot slip a private address through.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => !isAddressAllowed(a.address, policy));
      if (bad || !addresses.length) return callback(new RefusedAddressError(m.urlRefused), []);
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Resolves a host name to all its addresses (a literal IP resolves to itself). */
function resolveAll(hostname: string): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family) return Promise.resolve([{ address: bare, family }]);
  return new Promise((resolve, reject) =>
    dnsLookup(bare, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/**
 * At registration: the URL's scheme (https, or http only in development or to an allowed loopback
 * address) and every address its host resolves to. Throws RefusedAddressError with the message to show.
 */
export async function checkEndpointUrl(raw: string, policy: AddressPolicy & { isDevelopment: boolean }): Promise<URL> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedAddressError(m.urlInvalid);
  if (url.username || url.password) throw new RefusedAddressError(m.urlCredentials);
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    throw new RefusedAddressError(m.urlUnresolvable);
  }
  if (!addresses.length) throw new RefusedAddressError(m.urlUnresolvable);
  if (addresses.some((a) => !isAddressAllowed(a.address, policy))) throw new RefusedAddressError(m.urlRefused);
  const allLoopback = addresses.every((a) => loopback.check(...ipAndType(a.address)));
  if (url.protocol === 'http:' && !policy.isDevelopment && !(policy.allowLoopback && allLoopback)) {
    throw new RefusedAddressError(m.urlHttpsOnly);
  }
  return url;
}

function ipAndType(address: string): [string, 'ipv4' | 'ipv6'] {
  const v4 = isIP(address) === 6 ? embeddedIpv4(address) : address;
  return v4 ? [v4, 'ipv4'] : [address, 'ipv6'];
}
