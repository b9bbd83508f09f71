// The client's address behind a reverse proxy, and the address a per-IP limit counts (decision
// 038). A proxy appends the address it sees to X-Forwarded-For, after whatever the client wrote
// there, so only the right-hand end of the header is the proxies' word: the client is the
// right-most address that is not one of our proxies.
import { BlockList, isIP } from 'node:net';

/**
 * Which proxies are ours. `hops`: that many proxies stand in front of the server, the nearest one
 * on the socket, each appending one address. `list`: the addresses (or networks) of our proxies;
 * a request whose socket is not one of them names no client but the socket.
 */
export type ProxyTrust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; proxies: readonly string[] };

/** A `ProxyTrust` made ready for requests (the list as a BlockList, built once). */
export type ProxyRule = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; proxies: BlockList };

/** An address written as an IP, a bracketed IPv6 with a port, or an IPv4 with a port, as one address; else null. */
export function parseAddress(text: string): string | null {
  let value = text.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%[\w.-]+$/, '').toLowerCase(); // an IPv6 zone names this machine's interface, not the client
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return null;
  // an IPv4 client seen through an IPv6 socket is that IPv4 client
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  return mapped ? mapped[1]! : value;
}

/** An address or a network (`10.0.0.0/8`, `2001:db8::/32`) as the rule's list reads it; else null. */
export function parseNetwork(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [addressText, prefixText, ...rest] = text.trim().split('/');
  if (rest.length) return null;
  const address = parseAddress(addressText ?? '');
  if (!address) return null;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const most = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: most, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > most) return null;
  return { address, prefix: Number(prefixText), family };
}

export function proxyRule(trust: ProxyTrust): ProxyRule {
  if (trust.kind !== 'list') return trust;
  const proxies = new BlockList();
  for (const text of trust.proxies) {
    const network = parseNetwork(text);
    if (!network) throw new Error(`not an address or a network: ${text}`);
    proxies.addSubnet(network.address, network.prefix, network.family);
  }
  return { kind: 'list', proxies };
}

const isProxy = (proxies: BlockList, address: string | null) => address !== null && proxies.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');

/**
 * The client's address, or null when it cannot be known (an in-process request without a forwarded
 * address, or a forwarded entry that is not an address). `socket` is the peer's address, undefined
 * for a request made in-process (the app's own calls, the tests), which stands where the nearest
 * proxy would.
 */
export function clientAddress(rule: ProxyRule, forwardedFor: string | undefined, socket: string | undefined): string | null {
  const peer = socket === undefined ? null : parseAddress(socket);
  if (rule.kind === 'none' || forwardedFor === undefined) return peer;
  const forwarded = forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (rule.kind === 'hops') {
    // the chain from the client to us: the socket is the nearest proxy, each proxy before it
    // appended the one before; a request that came through fewer proxies names its first address
    const chain = [...forwarded.map(parseAddress), peer];
    return chain[Math.max(0, chain.length - 1 - rule.hops)] ?? null;
  }
  // a peer that is not our proxy wrote the header itself: the peer is the client
  if (socket !== undefined && !isProxy(rule.proxies, peer)) return peer;
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const address = parseAddress(forwarded[i]!);
    if (!isProxy(rule.proxies, address) || i === 0) return address;
  }
  return peer;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  let text = address;
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The address a per-IP limit counts: an IPv4 address itself, an IPv6 address its /64, the
 * network one subscriber is given (a client picks any address of its own /64 at will). Anything
 * else (an email's key, a phone's key) is returned unchanged.
 */
export function limitAddress(key: string): string {
  if (isIP(key) !== 6) return key;
  const groups = ipv6Groups(key).slice(0, 4).map((g) => g.toString(16));
  return `${groups.join(':')}::/64`;
}
