import {
  ACTOR_ATTRIBUTE_PREFIXES,
  ACTOR_ATTRIBUTES,
  type ActorAttributeField,
  type ActorFiltersResponse,
} from '@fovea/contract';
import { ATTRIBUTE_COLUMNS } from '../repositories/actor-list/actor-conditions';
import type { ActorListRepository } from '../repositories/actor-list/actor-list.repository';
import { countryName } from './actor-countries';

const FIELDS = Object.keys(ACTOR_ATTRIBUTE_PREFIXES) as ActorAttributeField[];

/**
 * GET /api/actor/filters: every actor name (cast), the sites of scenes with a cast, and the attributes: the
 * fixed ones in order, then "Cup Size X", "Hair Color X", ... from the values actors hold (nationality codes as
 * English country names).
 */
export class ActorListFiltersService {
  constructor(private readonly repo: ActorListRepository) {}

  async filters(): Promise<ActorFiltersResponse> {
    const [cast, sites, ...values] = await Promise.all([
      this.repo.names(),
      this.repo.sites(),
      ...FIELDS.map((field) => this.repo.distinctValues(ATTRIBUTE_COLUMNS[field])),
    ]);
    const generated = FIELDS.flatMap((field, index) => {
      const texts = values[index] ?? [];
      const shown = field === 'nationality' ? [...new Set(texts.map(countryName))].sort() : texts;
      return shown.map((value) => `${ACTOR_ATTRIBUTE_PREFIXES[field]}${value}`);
    });
    return { cast, sites, attributes: [...ACTOR_ATTRIBUTES, ...generated] };
  }
}
