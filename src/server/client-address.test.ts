// Decision 038: behind our proxies the client is the right-most X-Forwarded-For address that is
// not one of them; what the client wrote to the left of it never counts. IPv6 limits count per /64.
import { describe, expect, it } from 'vitest';
import { clientAddress, limitAddress, parseAddress, proxyRule, type ProxyTrust } from './client-address';

const inProcess = undefined;
const rule = (trust: ProxyTrust) => proxyRule(trust);

describe('the client address behind a proxy', () => {
  it('without TRUST_PROXY the socket is the client, whatever the header says', () => {
    expect(clientAddress(rule({ kind: 'none' }), '203.0.113.9', '198.51.100.4')).toBe('198.51.100.4');
    expect(clientAddress(rule({ kind: 'none' }), '203.0.113.9', inProcess)).toBeNull();
  });

  it('one proxy (hops 1): the address it appended, not the ones the client wrote before it', () => {
    const one = rule({ kind: 'hops', hops: 1 });
    expect(clientAddress(one, '203.0.113.9', '10.0.0.2')).toBe('203.0.113.9');
    expect(clientAddress(one, '1.1.1.1, 2.2.2.2, 203.0.113.9', '10.0.0.2')).toBe('203.0.113.9');
    expect(clientAddress(one, '1.1.1.1,203.0.113.9', inProcess)).toBe('203.0.113.9');
    // no header: the socket (the proxy itself, or a client that reached us around it)
    expect(clientAddress(one, undefined, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('two proxies (a CDN, then nginx): the address the outer one appended', () => {
    const two = rule({ kind: 'hops', hops: 2 });
    expect(clientAddress(two, 'forged, 203.0.113.9, 172.16.0.3', '10.0.0.2')).toBe('203.0.113.9');
    // fewer entries than proxies: the first address there is
    expect(clientAddress(two, '203.0.113.9', '10.0.0.2')).toBe('203.0.113.9');
  });

  it('a list of proxies: skipped from the right; a socket that is not a proxy is the client itself', () => {
    const listed = rule({ kind: 'list', proxies: ['10.0.0.0/8', '2001:db8:ffff::/48', '172.16.0.3'] });
    expect(clientAddress(listed, 'forged, 203.0.113.9, 172.16.0.3, 10.1.2.3', '10.0.0.2')).toBe('203.0.113.9');
    expect(clientAddress(listed, '203.0.113.9, 2001:db8:ffff::1', '::ffff:10.0.0.2')).toBe('203.0.113.9');
    expect(clientAddress(listed, '203.0.113.9', '198.51.100.4')).toBe('198.51.100.4');
    // every address a proxy: the left-most
    expect(clientAddress(listed, '10.0.0.9, 10.0.0.8', '10.0.0.2')).toBe('10.0.0.9');
  });

  it('an entry that is not an address names no client (null: counted together as unknown), and ports and brackets are read', () => {
    const one = rule({ kind: 'hops', hops: 1 });
    expect(clientAddress(one, "1.2.3.4'; --", '10.0.0.2')).toBeNull();
    expect(clientAddress(one, '999.999.999.999', '10.0.0.2')).toBeNull();
    expect(clientAddress(one, '9'.repeat(300), '10.0.0.2')).toBeNull();
    expect(clientAddress(one, '203.0.113.9:5123', '10.0.0.2')).toBe('203.0.113.9');
    expect(clientAddress(one, '"[2001:DB8::1]:443"', '10.0.0.2')).toBe('2001:db8::1');
    expect(parseAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(parseAddress('fe80::1%eth0')).toBe('fe80::1');
  });

  it('a per-IP limit counts IPv4 by address and IPv6 by /64; other keys are kept', () => {
    expect(limitAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitAddress('2001:db8:aa:1::1')).toBe('2001:db8:aa:1::/64');
    expect(limitAddress('2001:db8:aa:1:ffff:ffff:ffff:fffe')).toBe('2001:db8:aa:1::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(limitAddress('::2001:db8:1:2:3:4')).toBe('0:0:2001:db8::/64');
    for (const key of ['unknown', 'someone@example.com', '+18035550100', '6f1c2a57-3e0b-4c1d-9a8e-2b7d4f5e6a01']) expect(limitAddress(key)).toBe(key);
  });
});
