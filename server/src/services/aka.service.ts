import type { Aka, AkaDeleteBody, AkaResponse, ActorRef } from '@fovea/contract';
import { NotFoundError } from '../http/http-errors';
import { toActorFields, type ActorRow } from '../mappers/actor.mapper';
import {
  AKA_PREFIX,
  type ActorWithScenes,
  type AkaRepository,
  type AkaRow,
} from '../repositories/aka.repository';

/*
 * Aka group rules (options-spec §3, §4; xbvr-facts §2.6; xbvr-wire §4.1). Answers are `{status, akas}`.
 * - status "" = done; plain text = done, with warnings about entries that were skipped (comma-joined);
 *   "Error: ..." = nothing changed.
 * - `akas` is the group as it now is, or a zero group when no group was named, found or created (so the web UI
 *   keeps its selection when a change to a known group is refused).
 * - Create answers 404 (same body, nothing created) when a named actor does not exist; add and remove skip
 *   unknown actors with a warning.
 * - A member is a real actor in no other aka group; "aka:..." entries are skipped with a warning.
 * - A group has at least two members. Create with fewer valid members creates nothing. Remove that would leave
 *   fewer than two is refused as a whole (delete the group instead): the reference keeps no one-member groups,
 *   and refusing loses nothing, while deleting on a remove would surprise (the UI then selects the group name).
 * - The group's name is its members' names, most scenes first then by name, comma-joined; the pseudo-actor is
 *   "aka:" + name. Both follow every membership change; the pseudo-actor's count and avail_count too.
 * - Filter prefixes (& must have, ! exclude) on entries are ignored: the UI sends its filter selection.
 */

const ZERO_ACTOR_ROW: ActorRow = {
  id: 0,
  name: '',
  is_aka_group: 0,
  count: 0,
  avail_count: 0,
  image_url: '',
  image_arr: '',
  star_rating: 0,
  favourite: 0,
  watchlist: 0,
  needs_update: 0,
  birth_date: null,
  nationality: '',
  ethnicity: '',
  eye_color: '',
  hair_color: '',
  cup_size: '',
  breast_type: '',
  gender: '',
  biography: '',
  height: 0,
  weight: 0,
  band_size: 0,
  waist_size: 0,
  hip_size: 0,
  start_year: 0,
  end_year: 0,
  tattoos: '',
  piercings: '',
  aliases: '',
  urls: '',
  scene_rating_average: null,
  latest_release_date: null,
  latest_scene_added: null,
  latest_file_added: null,
  created_at: '',
  updated_at: '',
};

function toActorRef(row: ActorRow): ActorRef {
  return { ...toActorFields(row), scenes: null, aka_groups: null };
}

const ZERO_AKA: Aka = {
  id: 0,
  name: '',
  aka_actor_id: 0,
  aka_actor: toActorRef(ZERO_ACTOR_ROW),
  actors: null,
};

/** Result of create, add and remove: the HTTP status (create may answer 404) and the body. */
export interface AkaOutcome {
  httpStatus: 200 | 404;
  answer: AkaResponse;
}

const ok = (answer: AkaResponse): AkaOutcome => ({ httpStatus: 200, answer });
const failed = (problems: readonly string[]): AkaOutcome =>
  ok({ status: `Error: ${problems.join(', ')}`, akas: ZERO_AKA });

/** An entry of the cast filter without its & or ! prefix. */
function plain(entry: string): string {
  return entry.replace(/^[&!]/, '');
}

const isAkaEntry = (entry: string): boolean => plain(entry).startsWith(AKA_PREFIX);

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Most scenes first, then by name (case-insensitive, then exact). */
function byScenesThenName(a: ActorWithScenes, b: ActorWithScenes): number {
  if (a.scene_count !== b.scene_count) return b.scene_count - a.scene_count;
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The group name of a set of members. */
export function akaNameOf(members: readonly ActorWithScenes[]): string {
  return [...members]
    .sort(byScenesThenName)
    .map((member) => member.name)
    .join(',');
}

export class AkaService {
  constructor(private readonly repo: AkaRepository) {}

  async list(): Promise<Aka[]> {
    return this.load(this.repo, await this.repo.listAkas());
  }

  async get(id: number): Promise<Aka> {
    const aka = await this.repo.akaById(id);
    if (!aka) throw new NotFoundError(`Aka group ${id} not found`);
    const [answer] = await this.load(this.repo, [aka]);
    return answer ?? ZERO_AKA;
  }

  create(actorList: readonly string[]): Promise<AkaOutcome> {
    const names = unique(actorList.map(plain));
    return this.repo.inTransaction(async (repo) => {
      const warnings: string[] = [];
      const rows = new Map((await repo.actorsByNames(names)).map((actor) => [actor.name, actor]));
      const unknown = names.filter((name) => !rows.has(name) && !name.startsWith(AKA_PREFIX));
      if (unknown.length > 0) {
        return {
          httpStatus: 404,
          answer: {
            status: `Error: ${unknown.map((n) => `Actor ${n} not found`).join(', ')}`,
            akas: ZERO_AKA,
          },
        };
      }
      const candidates = this.realActors(names, rows, warnings);
      const others = await this.groupsOf(repo, candidates);
      const members = candidates.filter((actor) => {
        const other = others.get(actor.id);
        if (other) warnings.push(`${actor.name} is already in aka group ${other.aka_actor_name}`);
        return other === undefined;
      });
      if (members.length < 2) return failed([...warnings, 'an aka group needs at least two actors']);
      const name = akaNameOf(members);
      const clash = await this.pseudoNameClash(repo, name, null);
      if (clash) return failed([...warnings, clash]);
      const aka = await repo.createAka(name);
      await repo.addMembers(
        aka.id,
        members.map((actor) => actor.id),
      );
      await repo.refreshCounts([aka.id]);
      return ok(await this.answer(repo, aka, warnings));
    });
  }

  add(actorList: readonly string[]): Promise<AkaOutcome> {
    return this.changeMembers(actorList, async (repo, aka, actors, members, warnings) => {
      const others = await this.groupsOf(repo, actors);
      const adding = actors.filter((actor) => {
        const other = others.get(actor.id);
        if (other === undefined) return true;
        warnings.push(
          other.aka_id === aka.id
            ? `${actor.name} is already in this aka group`
            : `${actor.name} is already in aka group ${other.aka_actor_name}`,
        );
        return false;
      });
      return { next: [...members, ...adding], add: adding, remove: [] };
    });
  }

  remove(actorList: readonly string[]): Promise<AkaOutcome> {
    return this.changeMembers(actorList, async (_repo, _aka, actors, members, warnings) => {
      const memberIds = new Set(members.map((member) => member.id));
      for (const actor of actors) {
        if (!memberIds.has(actor.id)) warnings.push(`${actor.name} is not in this aka group`);
      }
      const removing = new Set(actors.filter((actor) => memberIds.has(actor.id)).map((actor) => actor.id));
      const next = members.filter((member) => !removing.has(member.id));
      if (next.length < 2) return 'an aka group needs at least two actors; delete the group instead';
      return { next, add: [], remove: members.filter((member) => removing.has(member.id)) };
    });
  }

  /** Deletes a group (by aka_id when given, else by its "aka:..." or group name); answers it as it was. */
  delete(body: AkaDeleteBody): Promise<Aka> {
    return this.repo.inTransaction(async (repo) => {
      const name = plain(body.name ?? '');
      const aka =
        body.aka_id !== undefined
          ? await repo.akaById(body.aka_id)
          : ((await repo.akaByActorName(name)) ?? (await repo.akaByName(name)));
      if (!aka) throw new NotFoundError(`Aka group ${body.aka_id ?? name} not found`);
      const [before] = await this.load(repo, [aka]);
      await repo.deleteAka(aka);
      return before ?? ZERO_AKA;
    });
  }

  /**
   * Recomputes the names (order by scene count) and counts of the given groups, or of all: for callers whose
   * changes move scene counts (scrapes, cast edits, rescans). A name another actor already has is left as it was.
   */
  refreshGroups(akaIds?: readonly number[]): Promise<void> {
    return this.repo.inTransaction(async (repo) => {
      const akas = await repo.listAkas(akaIds);
      const members = await repo.membersOf(akas.map((aka) => aka.id));
      for (const aka of akas) {
        const mine = members.filter((member) => member.aka_id === aka.id);
        const name = akaNameOf(mine);
        if (mine.length > 0 && name !== aka.name && !(await this.pseudoNameClash(repo, name, aka))) {
          await repo.renameAka(aka, name);
        }
      }
      await repo.refreshCounts(akaIds);
    });
  }

  /**
   * Add or remove: the list holds exactly one "aka:..." entry and the actors. `change` gives the new member list
   * (and who to add or remove) or a problem text that refuses the whole change.
   */
  private changeMembers(
    actorList: readonly string[],
    change: (
      repo: AkaRepository,
      aka: AkaRow,
      actors: ActorWithScenes[],
      members: ActorWithScenes[],
      warnings: string[],
    ) => Promise<{ next: ActorWithScenes[]; add: ActorWithScenes[]; remove: ActorWithScenes[] } | string>,
  ): Promise<AkaOutcome> {
    const groupEntries = unique(actorList.filter(isAkaEntry).map(plain));
    const [entry] = groupEntries;
    if (entry === undefined || groupEntries.length > 1) {
      return Promise.resolve(failed(['name exactly one aka group']));
    }
    return this.repo.inTransaction(async (repo) => {
      const aka = await repo.akaByActorName(entry);
      if (!aka) return failed([`Aka group ${entry} not found`]);
      const names = unique(actorList.filter((name) => !isAkaEntry(name)).map(plain));
      const rows = new Map((await repo.actorsByNames(names)).map((actor) => [actor.name, actor]));
      const warnings = names.filter((name) => !rows.has(name)).map((name) => `Actor ${name} not found`);
      const actors = this.realActors(names, rows, warnings);
      const members = await repo.membersOf([aka.id]);
      const plan = await change(repo, aka, actors, members, warnings);
      if (typeof plan === 'string') return ok(await this.answer(repo, aka, warnings, plan));
      if (plan.add.length === 0 && plan.remove.length === 0)
        return ok(await this.answer(repo, aka, warnings));
      const name = akaNameOf(plan.next);
      const clash = await this.pseudoNameClash(repo, name, aka);
      if (clash) return ok(await this.answer(repo, aka, warnings, clash));
      await repo.addMembers(
        aka.id,
        plan.add.map((actor) => actor.id),
      );
      await repo.removeMembers(
        aka.id,
        plan.remove.map((actor) => actor.id),
      );
      if (name !== aka.name) await repo.renameAka(aka, name);
      await repo.refreshCounts([aka.id]);
      return ok(await this.answer(repo, { ...aka, name }, warnings));
    });
  }

  /** The named actors that can be members (in the order given); aka pseudo-actors are skipped with a warning. */
  private realActors(
    names: readonly string[],
    rows: ReadonlyMap<string, ActorWithScenes>,
    warnings: string[],
  ): ActorWithScenes[] {
    const actors: ActorWithScenes[] = [];
    for (const name of names) {
      const actor = rows.get(name);
      if (name.startsWith(AKA_PREFIX) || actor?.is_aka_group === 1) {
        warnings.push(`${name} is an aka group and cannot be a member`);
      } else if (actor) actors.push(actor);
    }
    return actors;
  }

  /** For each actor already in a group: that group's id and "aka:..." name. */
  private async groupsOf(
    repo: AkaRepository,
    actors: readonly ActorWithScenes[],
  ): Promise<Map<number, { aka_id: number; aka_actor_name: string }>> {
    const rows = await repo.groupsOfActors(actors.map((actor) => actor.id));
    return new Map(rows.map((row) => [row.actor_id, row]));
  }

  /** A problem text when another actor already has the pseudo-actor name for `name`. */
  private async pseudoNameClash(
    repo: AkaRepository,
    name: string,
    self: AkaRow | null,
  ): Promise<string | null> {
    const [other] = await repo.actorsByNames([AKA_PREFIX + name]);
    if (!other || other.id === self?.aka_actor_id) return null;
    return `an actor named ${AKA_PREFIX + name} already exists`;
  }

  /** The group reloaded, with warnings and an optional problem (which makes the status an error). */
  private async answer(
    repo: AkaRepository,
    aka: AkaRow,
    warnings: readonly string[],
    problem?: string,
  ): Promise<AkaResponse> {
    const [akas] = await this.load(repo, [aka]);
    const status =
      problem === undefined ? warnings.join(', ') : `Error: ${[...warnings, problem].join(', ')}`;
    return { status, akas: akas ?? ZERO_AKA };
  }

  /** Wire groups with their pseudo-actors and members (most scenes first), in two batched queries. */
  private async load(repo: AkaRepository, akas: readonly AkaRow[]): Promise<Aka[]> {
    const pseudoIds = akas.flatMap((aka) => (aka.aka_actor_id === null ? [] : [aka.aka_actor_id]));
    const [pseudoActors, members] = await Promise.all([
      repo.actorsByIds(pseudoIds),
      repo.membersOf(akas.map((aka) => aka.id)),
    ]);
    const pseudoById = new Map(pseudoActors.map((actor) => [actor.id, actor]));
    const membersOf = new Map<number, ActorWithScenes[]>();
    for (const member of members) {
      const list = membersOf.get(member.aka_id) ?? [];
      list.push(member);
      membersOf.set(member.aka_id, list);
    }
    return akas.map((aka) => {
      const pseudo = aka.aka_actor_id === null ? undefined : pseudoById.get(aka.aka_actor_id);
      const mine = (membersOf.get(aka.id) ?? []).sort(byScenesThenName);
      return {
        id: aka.id,
        name: aka.name,
        aka_actor_id: pseudo?.id ?? 0,
        aka_actor: toActorRef(pseudo ?? ZERO_ACTOR_ROW),
        actors: mine.map(toActorRef),
      };
    });
  }
}
