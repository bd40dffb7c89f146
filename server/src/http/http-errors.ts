import type { ErrorIssue } from '@fovea/contract';

/** An error a service throws to give the client a specific status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400; `issues` name the request fields at fault, as for a schema refusal (path from "body"). */
export class BadRequestError extends HttpError {
  constructor(
    message: string,
    readonly issues: ErrorIssue[] = [],
  ) {
    super(400, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
