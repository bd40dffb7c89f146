import {
  EXTERNAL_SOURCE_ALTERNATE_PREFIX,
  type DeleteExtrefSourceBody,
  type DeleteExtrefSourceLinksBody,
  type DeleteLinksMode,
} from '@fovea/contract';
import { BadRequestError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import type { AlternateSourceRepository } from './alternate-source.repository';

/**
 * These calls only reach alternate-site references ("alternate scene …"): a pattern such as "%" would
 * otherwise take the StashDB and actor-profile links with it.
 */
function alternateOnly(source: string): void {
  if (!source.startsWith(EXTERNAL_SOURCE_ALTERNATE_PREFIX)) {
    throw new BadRequestError(`external_source must start with "${EXTERNAL_SOURCE_ALTERNATE_PREFIX}"`);
  }
}

/**
 * DELETE /api/extref/delete_extref_source and delete_extref_source_links/{all|keep_manual} (xbvr-wire §8):
 * every reference of a source with its links, or the links of the sources a LIKE pattern names ("alternate
 * scene %" for all alternate sites). keep_manual keeps manual (99999) and deleted (-1) links and, with
 * delete_date, deletes only the links of scenes released before that day: the older links an ignore date
 * leaves behind (the Match Parameters dialog offers this after saving one). Each is one transaction; the
 * scenes' alternate-source columns follow by trigger.
 */
export class AlternateLinksService {
  constructor(
    private readonly repo: AlternateSourceRepository,
    private readonly logger: Logger,
  ) {}

  async deleteSource(body: DeleteExtrefSourceBody): Promise<void> {
    alternateOnly(body.external_source);
    const deleted = await this.repo.transaction((tx) => tx.deleteSource(body.external_source));
    this.logger.info(
      { source: body.external_source, deleted },
      `Deleted ${deleted} ${body.external_source} reference(s)`,
    );
  }

  async deleteLinks(mode: DeleteLinksMode, body: DeleteExtrefSourceLinksBody): Promise<void> {
    alternateOnly(body.external_source);
    const keepManual = mode === 'keep_manual';
    const releasedBefore =
      keepManual && body.delete_date ? new Date(body.delete_date).toISOString().slice(0, 10) : null;
    const deleted = await this.repo.transaction((tx) =>
      tx.deleteLinks(body.external_source, { keepManual, releasedBefore }),
    );
    this.logger.info(
      { source: body.external_source, mode, deleted },
      `Deleted ${deleted} link(s) of ${body.external_source}`,
    );
  }
}
