import { isIP, SocketAddress } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** `[2001:db8::1]` or `[2001:db8::1]:443`, as a proxy may write an IPv6 address into X-Forwarded-For. */
const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
/** `203.0.113.5:51234`: some proxies add the client's port, which changes with every connection. */
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
/** An IPv4 client seen through an IPv6 socket, once canonical. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/** RFC 5952's form (lower case, the longest run of zeros as `::`), so every spelling of an address is one string. */
const canonicalIPv6 = (address: string) => new SocketAddress({ address, family: 'ipv6' }).address;

/** The eight 16-bit groups of a canonical IPv6 address (a dotted IPv4 tail counts as the last two). */
function groupsOf(canonical: string): number[] {
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * What every per-address limit counts by (docs/product.md, "Rate limits and lock-out"; docs/security.md, "One
 * client, one key (IPv6)"): an IPv4 address as it is, an IPv4-mapped IPv6 address (`::ffff:203.0.113.5`) as its
 * IPv4, and any other IPv6 address as its /64 (`2001:db8:1:2::/64`). An IPv6 client is usually given a whole
 * /64, 2^64 addresses it may pick from at will; keyed on the full address, it would get a fresh allowance per
 * request. Spellings (upper case, zeros written out or compressed, a zone id, brackets, a port) give the same
 * key. Anything that is not an address (the socket is gone) is its own key, as before.
 */
export function clientKey(ip: string): string {
  let address = ip.trim();
  const unwrapped = BRACKETED.exec(address)?.[1] ?? IPV4_WITH_PORT.exec(address)?.[1];
  if (unwrapped) address = unwrapped;
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);

  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return ip;
  const canonical = canonicalIPv6(address);
  const mapped = IPV4_MAPPED.exec(canonical)?.[1];
  if (mapped) return mapped;
  const prefix = groupsOf(canonical)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${canonicalIPv6(`${prefix}::`)}/64`;
}

/**
 * The rate limits' key: the address Fastify resolved for the request (the socket's, or the entry TRUST_PROXY
 * says to believe; lib/forwarded-for.ts), never a header read here.
 */
export const byClientKey = (request: FastifyRequest): string => clientKey(request.ip);
