import { z } from 'zod';
import { JobProgress, LockName } from './job.schema';
import { DataTransferReport } from './data-transfer.schema';
import { RemoteState } from './remote.schema';

/** WAMP v2 over /ws/: subprotocol wamp.2.json, realm "default". */
export const WAMP_SUBPROTOCOL = 'wamp.2.json';
export const WAMP_REALM = 'default';
export const WS_PATH = '/ws/';

export const LogLevel = z.enum(['trace', 'debug', 'info', 'warning', 'error', 'fatal', 'panic']);
export type LogLevel = z.infer<typeof LogLevel>;

/** service.log kwargs: every log line of the server; data.task routes it to the navbar Files/Data lines. */
export const ServiceLogEvent = z.object({
  level: LogLevel,
  message: z.string(),
  data: z
    .object({
      task: z.string().optional(),
      jobId: z.number().int().optional(),
      progress: z.number().optional(),
      current: z.number().optional(),
      total: z.number().optional(),
      scraperID: z.string().optional(),
      started: z.boolean().optional(),
      completed: z.boolean().optional(),
    })
    .catchall(z.unknown()),
  timestamp: z.string(),
});
export type ServiceLogEvent = z.infer<typeof ServiceLogEvent>;

export const LockChangeEvent = z.object({ name: LockName, locked: z.boolean() });
export type LockChangeEvent = z.infer<typeof LockChangeEvent>;

export const PreviewReadyEvent = z.object({ previewFn: z.string() });
export type PreviewReadyEvent = z.infer<typeof PreviewReadyEvent>;

/** Topic name -> kwargs schema. state.change.optionsStorage carries no kwargs. */
export const WsTopics = {
  'service.log': ServiceLogEvent,
  'lock.change': LockChangeEvent,
  'state.change.optionsStorage': z.object({}),
  'options.previews.previewReady': PreviewReadyEvent,
  'remote.state': RemoteState,
  'job.progress': JobProgress,
  /** A backup, restore or XBVR move-in started, or ended with its summary. */
  'data.transfer': DataTransferReport,
} as const;
export type WsTopic = keyof typeof WsTopics;
export type WsPayload<T extends WsTopic> = z.infer<(typeof WsTopics)[T]>;
export const WS_TOPICS = Object.keys(WsTopics) as WsTopic[];
