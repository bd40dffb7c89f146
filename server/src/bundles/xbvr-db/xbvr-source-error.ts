/**
 * Why an XBVR database could not be read, in words for the owner ("no file at …", "not an XBVR database (no
 * scenes table)", "cannot connect to MySQL at host:port: …"). Never carries a password.
 */
export class XbvrSourceError extends Error {
  override name = 'XbvrSourceError';
}
