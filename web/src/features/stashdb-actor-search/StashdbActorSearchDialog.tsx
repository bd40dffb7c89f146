import type { Actor, StashdbPerformerResult } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { useLinkStashdbActor, useStashdbActorSearch } from '../../api/queries/stashdb';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { StashdbSearchFrame, useStashdbSearchText } from '../stashdb-search/StashdbSearchFrame';
import { sortPerformersByWeight } from './performer-results';
import { StashdbPerformerResultRow } from './StashdbPerformerResultRow';

interface StashdbActorSearchDialogProps {
  /** The actor to link; its name is the first search. */
  actor: Actor;
  onClose: () => void;
}

/**
 * Search StashDB for an actor (key S in actor details): a name, a StashDB performer id or URL, searched
 * 750 ms after the last key. Results best first; Link ties the actor to one, merges its facts, updates the
 * actor everywhere and closes. Mounted only while open.
 */
export default function StashdbActorSearchDialog({ actor, onClose }: StashdbActorSearchDialogProps) {
  const { t } = useTranslation();
  const { query, setQuery, debounced } = useStashdbSearchText(actor.name);
  const search = useStashdbActorSearch(actor.id, debounced);
  const link = useLinkStashdbActor();

  const linkTo = (result: StashdbPerformerResult) =>
    link.mutate(
      { actorId: actor.id, stashId: result.Id },
      {
        onSuccess: () => {
          notifySuccess(t('stashdbActorSearch.linked'));
          onClose();
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );

  return (
    <StashdbSearchFrame
      texts="stashdbActorSearch"
      testIds="stashdb-actor"
      query={query}
      onQueryChange={setQuery}
      search={search}
      results={sortPerformersByWeight(search.data?.Results)}
      linkingId={link.isPending ? (link.variables?.stashId ?? null) : null}
      Row={StashdbPerformerResultRow}
      onLink={linkTo}
      onClose={onClose}
    />
  );
}
