import { isIP } from 'node:net';
import { hostname } from 'node:os';

/**
 * The names a request may call this server by (its Host header): any IP address, localhost, the machine's own
 * name (and name.local), and the owner's list (FOVEA_ALLOWED_HOSTS: comma-separated names, `*` for any). Any
 * other name is refused, so a web page cannot reach the server through a name it controls (DNS rebinding).
 */
export class AllowedHosts {
  private readonly names: Set<string>;
  private readonly anyName: boolean;

  constructor(extra: readonly string[], machineName: string = hostname()) {
    const own = machineName.trim().toLowerCase();
    const listed = extra.map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
    this.anyName = listed.includes('*');
    this.names = new Set(['localhost', ...(own === '' ? [] : [own, `${own}.local`]), ...listed]);
  }

  /** Why a request with this Host header is refused, or null to serve it (no header: served). */
  refusal(hostHeader: string | undefined): string | null {
    if (hostHeader === undefined || this.anyName) return null;
    const name = hostName(hostHeader);
    if (isIP(name) !== 0 || this.names.has(name) || name.endsWith('.localhost')) return null;
    return `Fovea is not served as "${name}". To reach it by this name, add it to FOVEA_ALLOWED_HOSTS (comma-separated) and restart Fovea.`;
  }
}

/** The host name of a Host header, without its port or IPv6 brackets, in lower case. */
function hostName(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  const colon = host.lastIndexOf(':');
  return colon >= 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}
