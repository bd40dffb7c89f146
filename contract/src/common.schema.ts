import { z } from 'zod';

/** Go's zero time, which the wire format uses for "no date". */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

/** An RFC 3339 timestamp as the wire carries it, e.g. "2024-05-01T10:11:12.345Z", or ZERO_TIME. */
export const Timestamp = z.string().describe('RFC 3339 timestamp; 0001-01-01T00:00:00Z means none');
export type Timestamp = z.infer<typeof Timestamp>;

/** A calendar date, yyyy-mm-dd with leading zeros; the date must exist (no 2023-02-30). */
export const DateText = z.iso.date({ message: 'use the format yyyy-mm-dd' }).max(10);
export type DateText = z.infer<typeof DateText>;

/** Numeric path id, as in /api/scene/rate/{id}. */
export const NumericIdParam = z.object({ id: z.coerce.number().int().nonnegative() });

/** The one error shape every 4xx/5xx JSON answer has. */
export const ErrorIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.string().optional(),
});
export const ApiError = z.object({
  error: z.string().describe('HTTP reason phrase, e.g. "Bad Request"'),
  message: z.string().describe('what went wrong, for a person'),
  issues: z.array(ErrorIssue).optional().describe('per-field problems of invalid input'),
});
export type ApiError = z.infer<typeof ApiError>;
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/** Answer of calls that start work or change state and have nothing to say (the wire sends an empty body). */
export const EmptyResponse = z.null();
