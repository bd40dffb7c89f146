import type { ActorRef } from '@fovea/contract';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActorAkas } from '../../api/queries/actor';
import { ActorTile } from './ActorTile';
import classes from './actor-details.module.css';

function AkaSection({ title, actors, testId }: { title: string; actors: ActorRef[]; testId: string }) {
  const { t } = useTranslation();
  if (actors.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={5}>{title}</Title>
      <div className={classes.tiles}>
        {actors.map((actor) => (
          <ActorTile
            key={actor.id}
            actor={actor}
            caption={t('actorDetails.sceneCounts', { count: actor.count, available: actor.avail_count })}
            testId="actor-aka-tile"
          />
        ))}
      </div>
    </Stack>
  );
}

/**
 * The Akas tab: the aka groups the actor is in (their "aka:" actors), the other members of those groups, and
 * possible akas (see docs/architecture.md); each opens that actor.
 */
export function ActorAkasTab({ actorId }: { actorId: number }) {
  const { t } = useTranslation();
  const query = useActorAkas(actorId);
  if (query.isPending) {
    return (
      <Center mih={120}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) return <Text c="dimmed">{t('actorDetails.akas.loadFailed')}</Text>;
  const groups = query.data.aka_groups ?? [];
  const members = query.data.actors ?? [];
  const possible = query.data.possible_akas ?? [];
  if (groups.length + members.length + possible.length === 0) {
    return <Text c="dimmed">{t('actorDetails.akas.none')}</Text>;
  }
  return (
    <Stack gap="lg">
      <AkaSection title={t('actorDetails.akas.groups')} actors={groups} testId="actor-akas-groups" />
      <AkaSection title={t('actorDetails.akas.members')} actors={members} testId="actor-akas-members" />
      <AkaSection title={t('actorDetails.akas.possible')} actors={possible} testId="actor-akas-possible" />
    </Stack>
  );
}
