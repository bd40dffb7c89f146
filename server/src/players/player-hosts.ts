/**
 * The address of the last player that called /deovr (xbvr's DeoPlayerHost): the DeoVR remote client connects
 * back to it on port 23554. One instance per app, built in players-area.ts.
 */
export class PlayerHosts {
  private last: string | null = null;
  private readonly listeners = new Set<(host: string) => void>();

  /** Records a caller's IP address ("::ffff:" IPv4-mapped forms are reduced to the IPv4 address). */
  record(ip: string | undefined): void {
    if (ip === undefined || ip === '') return;
    const host = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
    const changed = host !== this.last;
    this.last = host;
    if (changed) for (const listener of this.listeners) listener(host);
  }

  lastPlayerHost(): string | null {
    return this.last;
  }

  /** Called when the recorded host changes; answers the unsubscribe function. */
  onChange(listener: (host: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
