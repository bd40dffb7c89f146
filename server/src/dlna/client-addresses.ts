/** How many recent client addresses are kept (newest first). */
export const RECENT_IP_LIMIT = 20;

/** `::ffff:10.0.0.5` (an IPv4 client on a dual-stack socket) as `10.0.0.5`. */
export function normaliseIp(address: string | undefined): string {
  const value = (address ?? '').trim();
  return value.toLowerCase().startsWith('::ffff:') && value.includes('.') ? value.slice(7) : value;
}

/**
 * The addresses DLNA clients came from, newest first, without duplicates and bounded, so the options page
 * can offer them for the allowed list.
 */
export class RecentAddresses {
  private readonly list: string[] = [];

  constructor(private readonly limit = RECENT_IP_LIMIT) {}

  record(address: string): void {
    if (address === '') return;
    const index = this.list.indexOf(address);
    if (index === 0) return;
    if (index > 0) this.list.splice(index, 1);
    this.list.unshift(address);
    if (this.list.length > this.limit) this.list.length = this.limit;
  }

  all(): string[] {
    return [...this.list];
  }
}

/** Whether a client may use the server: every address when the list is empty, else only listed ones. */
export function isAllowed(address: string, allowed: readonly string[]): boolean {
  return allowed.length === 0 || allowed.some((entry) => normaliseIp(entry) === address);
}
