import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import type { OutgoingAddressGuard } from './outgoing-address';

/**
 * An undici Agent whose every new connection resolves its host name through the guard: the addresses checked
 * are the ones the socket connects to (no second, unchecked lookup a rebinding DNS server could answer
 * differently). The Host header and TLS SNI stay the name. IP literals skip the lookup: the caller checks them
 * with `guard.literalRefusal` before each request. A refusal fails the request with a ForbiddenAddressError as
 * the fetch error's cause.
 */
export function pinnedAgent(guard: OutgoingAddressGuard): Agent {
  const lookup: LookupFunction = (hostname, options, callback) => {
    guard.check(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : null;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        const first = usable[0];
        if (!first) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }),
            '',
          );
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
  return new Agent({ connect: { lookup } });
}
