import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PUSH_SERVICE_HOSTS, loadConfig } from '../../server/config';
import {
  endpointProblem,
  guardedLookup,
  isPublicAddress,
  matchesServiceHost,
  PushAddressRefused,
  SUBSCRIBE_LOOKUP_TIMEOUT_MS,
  subscriptionProblem,
} from '../../server/modules/push/endpoint-guard';

const policy = { serviceHosts: loadConfig({}).push.serviceHosts, testHosts: [] as string[] };

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '2002:7f00:1::1',
    '3fff::1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::1',
    'not an address',
    '',
    'localhost',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.74.138',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '2a00:1450:4001:80b::200a',
    '2606:4700::6810:84e5',
    '64:ff9b::8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('push service hosts', () => {
  it('defaults to the four browser push services', () => {
    expect(policy.serviceHosts).toEqual(DEFAULT_PUSH_SERVICE_HOSTS.split(','));
    expect(policy.serviceHosts).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
  });

  it('matches names exactly and *.domain on subdomains only', () => {
    expect(matchesServiceHost('FCM.googleapis.com', policy.serviceHosts)).toBe(true);
    expect(matchesServiceHost('web.push.apple.com', policy.serviceHosts)).toBe(true);
    expect(matchesServiceHost('a.b.notify.windows.com', policy.serviceHosts)).toBe(true);
    expect(matchesServiceHost('push.apple.com', policy.serviceHosts)).toBe(false);
    expect(matchesServiceHost('evilpush.apple.com', policy.serviceHosts)).toBe(false);
    expect(matchesServiceHost('fcm.googleapis.com.evil.example', policy.serviceHosts)).toBe(false);
    expect(matchesServiceHost('xfcm.googleapis.com', policy.serviceHosts)).toBe(false);
  });

  it('refuses bad host lists in the environment', () => {
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,https://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: '10.0.0.1' })).not.toThrow();
    expect(() => loadConfig({ PUSH_TEST_HOSTS: '*.example' })).toThrow(/PUSH_TEST_HOSTS/);
    expect(loadConfig({ PUSH_TEST_HOSTS: '127.0.0.1, [::1] ,Push.Test' }).push.testHosts).toEqual([
      '127.0.0.1',
      '::1',
      'push.test',
    ]);
    expect(loadConfig({}).push.testHosts).toEqual([]);
  });
});

describe('endpointProblem', () => {
  it('accepts push service endpoints on the https port', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/x', policy)).toBeNull();
    expect(endpointProblem('https://fcm.googleapis.com:443/fcm/send/x', policy)).toBeNull();
  });

  it.each([
    ['http://fcm.googleapis.com/x', /https/],
    ['https://fcm.googleapis.com:444/x', /port 444/],
    ['https://8.8.8.8/x', /address/],
    ['https://[2a00:1450::1]/x', /address/],
    ['https://example.com/x', /not a known push service/],
    ['nonsense', /not a URL/],
  ])('refuses %s', (endpoint, why) => {
    expect(endpointProblem(endpoint, policy)).toMatch(why);
  });

  it('lets only the named test hosts through, on any port and address', () => {
    const testing = { ...policy, testHosts: ['127.0.0.1'] };
    expect(endpointProblem('https://127.0.0.1:4443/push/x', testing)).toBeNull();
    expect(endpointProblem('https://127.0.0.2:4443/push/x', testing)).toMatch(/address/);
    expect(endpointProblem('https://127.0.0.1:4443/push/x', policy)).toMatch(/address/);
  });
});

/** A resolver with fixed answers, standing in for DNS. */
const fakeDns =
  (answers: Record<string, string[]>) =>
  (
    hostname: string,
    _options: unknown,
    callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => {
    const list = answers[hostname];
    if (!list) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };

function lookupOnce(
  lookup: ReturnType<typeof guardedLookup>,
  hostname: string,
  all: boolean,
): Promise<{ err: Error | null; result: unknown }> {
  return new Promise((resolve) => {
    lookup(hostname, { all }, (err, address, family) =>
      resolve({ err, result: all ? address : { address, family } }),
    );
  });
}

describe('guardedLookup (the worker connects only to what it checked)', () => {
  const dns = fakeDns({
    'fcm.googleapis.com': ['142.250.74.138', '2a00:1450:4001:80b::200a'],
    'rebound.push.apple.com': ['17.1.2.3', '127.0.0.1'],
    'metadata.notify.windows.com': ['169.254.169.254'],
    'push.test': ['127.0.0.1'],
  });

  it('hands over the public addresses it resolved, one or all', async () => {
    const lookup = guardedLookup(policy, dns);
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', true)).toEqual({
      err: null,
      result: [
        { address: '142.250.74.138', family: 4 },
        { address: '2a00:1450:4001:80b::200a', family: 6 },
      ],
    });
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', false)).toEqual({
      err: null,
      result: { address: '142.250.74.138', family: 4 },
    });
  });

  it('refuses a name with any address that is not public', async () => {
    const lookup = guardedLookup(policy, dns);
    for (const host of ['rebound.push.apple.com', 'metadata.notify.windows.com', 'push.test']) {
      const { err } = await lookupOnce(lookup, host, true);
      expect(err).toBeInstanceOf(PushAddressRefused);
      expect(err?.message).toMatch(/not a public address/);
    }
  });

  it('passes DNS failures on, and lets a test host resolve anywhere', async () => {
    expect((await lookupOnce(guardedLookup(policy, dns), 'nowhere.example', true)).err).toMatchObject({
      code: 'ENOTFOUND',
    });
    const testing = guardedLookup({ ...policy, testHosts: ['push.test'] }, dns);
    expect((await lookupOnce(testing, 'push.test', false)).result).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('checks the resolved addresses at subscribe time too', async () => {
    expect(await subscriptionProblem('https://fcm.googleapis.com/x', policy, dns)).toBeNull();
    expect(await subscriptionProblem('https://rebound.push.apple.com/x', policy, dns)).toMatch(
      /rebound\.push\.apple\.com resolves to 127\.0\.0\.1/,
    );
    // Unresolvable now: the connection is checked when something is sent.
    expect(await subscriptionProblem('https://gone.push.apple.com/x', policy, dns)).toBeNull();
  });

  it('does not keep a subscriber waiting on a DNS server that never answers', async () => {
    const started = Date.now();
    const silent = () => undefined;
    expect(await subscriptionProblem('https://fcm.googleapis.com/x', policy, silent)).toBeNull();
    expect(Date.now() - started).toBeLessThan(SUBSCRIBE_LOOKUP_TIMEOUT_MS + 1000);
  });
});
