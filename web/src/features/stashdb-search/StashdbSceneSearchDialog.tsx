import type { Scene, StashdbSceneResult } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { useLinkStashdbScene, useStashdbSceneSearch } from '../../api/queries/stashdb';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { sortByWeight } from './stashdb-results';
import { StashdbSceneResultRow } from './StashdbSceneResultRow';
import { StashdbSearchFrame, useStashdbSearchText } from './StashdbSearchFrame';

interface StashdbSceneSearchDialogProps {
  /** The scene to link; its title is the first search. */
  scene: Pick<Scene, 'id' | 'title'>;
  onClose: () => void;
}

/**
 * Search StashDB for a scene (key S in scene details): free text, a StashDB scene id or URL, searched 750 ms
 * after the last key. Results best first; Link ties the scene to one, updates it everywhere and closes.
 */
export function StashdbSceneSearchDialog({ scene, onClose }: StashdbSceneSearchDialogProps) {
  const { t } = useTranslation();
  const { query, setQuery, debounced } = useStashdbSearchText(scene.title);
  const search = useStashdbSceneSearch(scene.id, debounced);
  const link = useLinkStashdbScene();

  const linkTo = (result: StashdbSceneResult) =>
    link.mutate(
      { sceneId: scene.id, stashId: result.Id },
      {
        onSuccess: () => {
          notifySuccess(t('success.stashdbSceneLinked'));
          onClose();
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );

  return (
    <StashdbSearchFrame
      texts="stashdbSearch"
      testIds="stashdb"
      query={query}
      onQueryChange={setQuery}
      search={search}
      results={sortByWeight(search.data?.Results)}
      linkingId={link.isPending ? (link.variables?.stashId ?? null) : null}
      Row={StashdbSceneResultRow}
      onLink={linkTo}
      onClose={onClose}
    />
  );
}
