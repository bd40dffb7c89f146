import type { Actor } from '@fovea/contract';
import { Button, Center, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorColleagues } from '../../api/queries/actor';
import { ActorTile } from './ActorTile';
import classes from './actor-details.module.css';

/** Tiles drawn at first: a popular actor has thousands of co-stars; the rest come on request. */
export const FIRST_COLLEAGUES = 60;

/** The Colleagues tab: co-stars, most shared scenes first, each with the number of shared scenes. */
export function ActorColleaguesTab({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const query = useActorColleagues(actor.id);
  const [showAll, setShowAll] = useState(false);
  if (query.isPending) {
    return (
      <Center mih={120}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) return <Text c="dimmed">{t('actorDetails.colleagues.loadFailed')}</Text>;
  if (query.data.length === 0) return <Text c="dimmed">{t('actorDetails.colleagues.none')}</Text>;
  const shown = showAll ? query.data : query.data.slice(0, FIRST_COLLEAGUES);
  return (
    <>
      <div className={classes.tiles} data-testid="actor-colleagues">
        {shown.map((colleague) => (
          <ActorTile
            key={colleague.id}
            actor={colleague}
            caption={t('actorDetails.colleagues.shared', { count: colleague.shared_scenes })}
            testId="actor-colleague-tile"
          />
        ))}
      </div>
      {shown.length < query.data.length && (
        <Center mt="sm">
          <Button variant="light" size="xs" onClick={() => setShowAll(true)}>
            {t('actorDetails.colleagues.showAll', { count: query.data.length })}
          </Button>
        </Center>
      )}
    </>
  );
}
