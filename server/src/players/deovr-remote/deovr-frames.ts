import { z } from 'zod';

/**
 * DeoVR's remote-control protocol (xbvr-facts §8.6): over TCP, each frame is a 4-byte little-endian length
 * followed by that many bytes of UTF-8 JSON. An empty frame (length 0) is the keep-alive ping.
 */

/** A frame longer than this cannot be a status packet: the stream is out of step (or not DeoVR). */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** The ping the client sends every second: a frame of length 0. */
export const PING_FRAME: Buffer = Buffer.alloc(4);

/** One frame with a JSON body (tests play DeoVR with it). */
export function encodeFrame(body: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32LE(json.length, 0);
  return Buffer.concat([header, json]);
}

export class FrameTooLargeError extends Error {
  constructor(readonly length: number) {
    super(`a DeoVR frame of ${length} bytes is longer than ${MAX_FRAME_BYTES}`);
  }
}

/**
 * Cuts a byte stream into frame bodies, whatever the chunking: a frame may arrive in pieces or several at
 * once. Empty frames are answered as empty buffers. Throws FrameTooLargeError when a header announces more
 * than MAX_FRAME_BYTES (the connection must then be dropped).
 */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    let offset = 0;
    while (this.pending.length - offset >= 4) {
      const length = this.pending.readUInt32LE(offset);
      if (length > MAX_FRAME_BYTES) {
        this.pending = Buffer.alloc(0);
        throw new FrameTooLargeError(length);
      }
      if (this.pending.length - offset - 4 < length) break;
      frames.push(this.pending.subarray(offset + 4, offset + 4 + length));
      offset += 4 + length;
    }
    this.pending = offset === 0 ? this.pending : Buffer.from(this.pending.subarray(offset));
    return frames;
  }
}

/** playerState: 0 playing, 1 paused, 2 finished. */
export const DEOVR_PLAYING = 0;

/**
 * A status packet. Every field is optional (DeoVR sends `{}`-like packets in its menus); a field of the wrong
 * type makes the packet junk.
 */
export const DeovrStatus = z.object({
  path: z.string().optional(),
  duration: z.number().finite().optional(),
  currentTime: z.number().finite().optional(),
  playbackSpeed: z.number().finite().optional(),
  playerState: z.number().int().optional(),
});
export type DeovrStatus = z.infer<typeof DeovrStatus>;

/** The status in a frame body, or null for junk (not UTF-8 JSON, not an object, fields of the wrong type). */
export function parseStatus(body: Buffer): DeovrStatus | null {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = DeovrStatus.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The library file id in a played path: DeoVR reports the URL it plays, which for Fovea's own scenes is
 * `<origin>/api/dms/file/<id>/<id> - <title>[?dnt=true]` (or `/api/dms/file/<id>`). Null for anything else.
 */
export function fileIdFromPath(path: string | undefined): number | null {
  if (!path) return null;
  const match = /\/api\/dms\/file\/(\d{1,15})(?:[/?#]|$)/.exec(path);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
