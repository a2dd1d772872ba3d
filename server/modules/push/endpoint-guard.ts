import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Config } from '../../config';

/**
 * Where the server may send web push (issue 11, finding 10). A subscription's endpoint is any URL a
 * browser, or anyone with a token, hands us; the push worker then connects to it. So only the push
 * services' own hosts are accepted (https, port 443), and the addresses they resolve to must be
 * public, checked when subscribing and again on the connection itself, so a DNS answer that changes
 * in between cannot point the worker at the server's own network. PUSH_TEST_HOSTS lifts both checks
 * for named hosts only: a local fake push service in tests, never by default.
 */
export type PushEndpointPolicy = Pick<Config['push'], 'serviceHosts' | 'testHosts'>;

/** Refused by the address check; a permanent failure of the delivery, not one worth retrying. */
export class PushAddressRefused extends Error {
  override name = 'PushAddressRefused';
  readonly code = 'PUSH_ADDRESS_REFUSED';
}

// Not globally reachable (RFC 6890 and the IANA special-purpose registries): this host, private,
// shared (carrier NAT), loopback, link-local, protocol assignments, documentation, benchmarking,
// 6to4 relay, multicast, reserved and broadcast.
const V4_NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
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
];
// IPv6 unicast that is public lies in 2000::/3; everything else (::, ::1, IPv4-mapped and -compatible,
// ULA fc00::/7, link-local fe80::/10, multicast ff00::/8, discard 100::/64 ...) is refused outright.
// Inside 2000::/3: protocol assignments incl. Teredo, documentation and 6to4 (which embeds any IPv4).
const V6_NOT_PUBLIC: [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const v4NotPublic = new BlockList();
for (const [net, prefix] of V4_NOT_PUBLIC) v4NotPublic.addSubnet(net, prefix, 'ipv4');
const v6Unicast = new BlockList();
v6Unicast.addSubnet('2000::', 3, 'ipv6');
const v6NotPublic = new BlockList();
for (const [net, prefix] of V6_NOT_PUBLIC) v6NotPublic.addSubnet(net, prefix, 'ipv6');
const nat64 = new BlockList();
nat64.addSubnet('64:ff9b::', 96, 'ipv6');

/** The 16-bit groups of an IPv6 address (with `::` expanded and a trailing dotted quad converted). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** true only for a globally reachable unicast address; anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !v4NotPublic.check(address, 'ipv4');
  if (family !== 6 || address.includes('%')) return false;
  if (nat64.check(address, 'ipv6')) {
    // NAT64 (RFC 6052): the IPv4 address it stands for decides.
    const g = ipv6Groups(address);
    if (!g) return false;
    const [hi = 0, lo = 0] = g.slice(6);
    return isPublicAddress(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`);
  }
  return v6Unicast.check(address, 'ipv6') && !v6NotPublic.check(address, 'ipv6');
}

const bare = (hostname: string): string => hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

export const isTestHost = (hostname: string, policy: PushEndpointPolicy): boolean =>
  policy.testHosts.includes(bare(hostname));

/** `fcm.googleapis.com` matches itself; `*.push.apple.com` matches `web.push.apple.com`, not `push.apple.com`. */
export function matchesServiceHost(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return patterns.some((p) =>
    p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p,
  );
}

/**
 * Why this endpoint may not be sent to, or null when it may (its addresses are checked on connection).
 * Push services are reached by name on the https port; an address or another port is never one.
 */
export function endpointProblem(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not https';
  if (isTestHost(url.hostname, policy)) return null;
  if (isIP(bare(url.hostname)) !== 0) return 'an address, not a push service';
  if (url.port !== '') return `port ${url.port}, not 443`;
  if (!matchesServiceHost(url.hostname, policy.serviceHosts))
    return `${url.hostname} is not a known push service`;
  return null;
}

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const defaultResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** Every address of `hostname`, refused (PushAddressRefused) when any of them is not public. */
function resolvePublic(
  hostname: string,
  options: LookupOptions,
  policy: PushEndpointPolicy,
  resolve: Resolve,
  callback: (err: Error | null, addresses: LookupAddress[]) => void,
): void {
  resolve(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (!isTestHost(hostname, policy)) {
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0)
        return callback(
          new PushAddressRefused(
            `${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`,
          ),
          [],
        );
    }
    callback(null, addresses);
  });
}

/**
 * A `lookup` for the push worker's sockets: the connection goes to exactly the addresses checked here,
 * so there is no second resolution an attacker's DNS could answer differently.
 */
export function guardedLookup(policy: PushEndpointPolicy, resolve: Resolve = defaultResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, options, policy, resolve, (err, addresses) => {
      if (err) return callback(err, '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** How long subscribing waits for DNS; a slower answer is left to the check on every connection. */
export const SUBSCRIBE_LOOKUP_TIMEOUT_MS = 2000;

/**
 * The subscribe-time check: null when the endpoint is acceptable, else why not. A host that does not
 * resolve right now (or not within SUBSCRIBE_LOOKUP_TIMEOUT_MS) is let through: the connection is
 * checked again whenever something is sent.
 */
export function subscriptionProblem(
  endpoint: string,
  policy: PushEndpointPolicy,
  resolve: Resolve = defaultResolve,
): Promise<string | null> {
  const problem = endpointProblem(endpoint, policy);
  if (problem) return Promise.resolve(problem);
  const { hostname } = new URL(endpoint);
  if (isTestHost(hostname, policy)) return Promise.resolve(null);
  return new Promise((done) => {
    const timer = setTimeout(() => done(null), SUBSCRIBE_LOOKUP_TIMEOUT_MS);
    resolvePublic(hostname, {}, policy, resolve, (err) => {
      clearTimeout(timer);
      done(err instanceof PushAddressRefused ? err.message : null);
    });
  });
}
