import { HttpError } from '../../http/http-errors';

const megabytes = (bytes: number): string => `${Math.round(bytes / 1024 ** 2).toLocaleString('en-US')} MB`;

/** A bundle (upload, restore body or download) over the size limit: 413. */
export class BundleTooLargeError extends HttpError {
  constructor(maxBytes: number) {
    super(413, `the bundle is larger than ${megabytes(maxBytes)}, the most a restore takes`);
  }
}

/**
 * A bundle could not be fetched or unpacked: a bad restore body (400), a bundle URL that answers with an error or
 * cannot be reached (502), or one that takes too long (504).
 */
export class BundleSourceError extends HttpError {
  constructor(message: string, statusCode = 400) {
    super(statusCode, message);
  }
}
