import type { Actor } from '@fovea/contract';
import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActorColleagues } from '../../api/queries/actor';
import { ActorTile } from './ActorTile';
import classes from './actor-details.module.css';

/** How many of the colleague's scenes the actor is in too. */
export function sharedScenes(actor: Pick<Actor, 'scenes'>, colleague: Pick<Actor, 'scenes'>): number {
  const mine = new Set(actor.scenes.map((scene) => scene.id));
  return colleague.scenes.filter((scene) => mine.has(scene.id)).length;
}

/** The Colleagues tab: co-stars, most shared scenes first, each with the number of shared scenes. */
export function ActorColleaguesTab({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const query = useActorColleagues(actor.id);
  if (query.isPending) {
    return (
      <Center mih={120}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) return <Text c="dimmed">{t('actorDetails.colleagues.loadFailed')}</Text>;
  if (query.data.length === 0) return <Text c="dimmed">{t('actorDetails.colleagues.none')}</Text>;
  return (
    <div className={classes.tiles} data-testid="actor-colleagues">
      {query.data.map((colleague) => (
        <ActorTile
          key={colleague.id}
          actor={colleague}
          caption={t('actorDetails.colleagues.shared', { count: sharedScenes(actor, colleague) })}
          testId="actor-colleague-tile"
        />
      ))}
    </div>
  );
}
