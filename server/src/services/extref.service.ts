import {
  MATCH_TYPE_DELETED,
  type DeleteExtrefBody,
  type EditLinkBody,
  type ExternalReferenceLink,
} from '@fovea/contract';
import { ConflictError, NotFoundError } from '../http/http-errors';
import { flag, toWireTime } from '../mappers/wire-time';
import type {
  ExternalReferenceLinkRow,
  ExternalReferenceRow,
  ExtrefRepository,
} from '../repositories/extref.repository';

/** A link row with its reference as the wire carries it (the reference's own links are not loaded: null). */
export function toExternalReferenceLink(
  link: ExternalReferenceLinkRow,
  reference: ExternalReferenceRow,
): ExternalReferenceLink {
  return {
    id: link.id,
    internal_table: link.internal_table,
    internal_db_id: link.internal_db_id,
    internal_name_id: link.internal_name_id,
    external_reference_id: link.external_reference_id,
    external_source: link.external_source,
    external_id: link.external_id,
    match_type: link.match_type,
    udf_datetime1: toWireTime(link.udf_datetime1),
    external_reference: {
      id: reference.id,
      xbvr_links: null,
      external_source: reference.external_source,
      external_id: reference.external_id,
      external_url: reference.external_url,
      external_date: toWireTime(reference.external_date),
      external_data: reference.external_data,
      udf_bool1: flag(reference.udf_bool1),
      udf_bool2: flag(reference.udf_bool2),
      udf_datetime1: toWireTime(reference.udf_datetime1),
    },
  };
}

const describeRef = (source: string, id: string) => `"${source}" / "${id}"`;

/**
 * Edits of alternate-source and StashDB scene links: relink to another scene (a manual match), flag a link
 * never to be linked again (irreversible), or drop a reference so the next scrape adds it afresh. No scene
 * status column depends on these links, so no scene is refreshed.
 */
export class ExtrefService {
  constructor(private readonly repo: ExtrefRepository) {}

  async editLink(body: EditLinkBody): Promise<ExternalReferenceLink> {
    const link = await this.repo.sceneLink(body.external_source, body.external_id, body.id);
    if (!link) {
      throw new NotFoundError(
        `No scene link for the external reference ${describeRef(body.external_source, body.external_id)}${
          body.id === undefined ? '' : ` with link id ${body.id}`
        }`,
      );
    }
    if (body.match_type === MATCH_TYPE_DELETED) {
      await this.repo.flagDeleted(link.id);
    } else {
      if (link.match_type === MATCH_TYPE_DELETED) throw this.neverRelink(body);
      const scene = await this.repo.scene(body.internal_db_id);
      if (!scene) throw new NotFoundError(`No scene with id ${body.internal_db_id}`);
      if (!(await this.repo.relink(link.id, scene))) throw this.neverRelink(body);
    }
    const [saved, reference] = await Promise.all([
      this.repo.link(link.id),
      this.repo.reference(link.external_reference_id),
    ]);
    if (!saved || !reference) {
      throw new NotFoundError(
        `The external reference ${describeRef(body.external_source, body.external_id)} was just removed`,
      );
    }
    return toExternalReferenceLink(saved, reference);
  }

  /** Removes a reference and all its links; the next scrape adds it again, ready to be matched. */
  async deleteReference(body: DeleteExtrefBody): Promise<void> {
    const reference = await this.repo.referenceBySource(body.external_source, body.external_id);
    if (!reference) {
      throw new NotFoundError(`No external reference ${describeRef(body.external_source, body.external_id)}`);
    }
    await this.repo.deleteReference(reference.id);
  }

  private neverRelink(body: EditLinkBody): ConflictError {
    return new ConflictError(
      `The external reference ${describeRef(body.external_source, body.external_id)} was unlinked for good and can never be relinked`,
    );
  }
}
