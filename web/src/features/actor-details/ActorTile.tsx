import type { ActorFields } from '@fovea/contract';
import { BLANK_ACTOR_IMAGE } from '@fovea/contract';
import { Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../components/proxied-image';
import { useActorDetails } from './actor-details-context';
import { tileImage } from './actor-summary';
import classes from './actor-details.module.css';

interface ActorTileProps {
  actor: Pick<ActorFields, 'id' | 'name' | 'image_url'>;
  /** A line under the name (scene counts, shared scenes). */
  caption: string;
  testId: string;
}

/** A small actor picture with its name; clicking it opens that actor's details. */
export function ActorTile({ actor, caption, testId }: ActorTileProps) {
  const { t } = useTranslation();
  const details = useActorDetails();
  const [failed, setFailed] = useState(false);
  const image = tileImage(actor, BLANK_ACTOR_IMAGE);
  return (
    <UnstyledButton
      className={classes.tile}
      data-testid={testId}
      data-actor-id={actor.id}
      aria-label={t('actorDetails.openActor', { name: actor.name })}
      onClick={() => details.open(actor.id)}
    >
      <img
        className={classes.tileImage}
        src={failed ? BLANK_ACTOR_IMAGE : proxiedImage(image, '200x')}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
      />
      <div className={classes.tileBody}>
        <Text fz="sm" fw={500} lineClamp={2} data-testid="actor-tile-name">
          {actor.name}
        </Text>
        {caption !== '' && (
          <Text fz="xs" c="dimmed">
            {caption}
          </Text>
        )}
      </div>
    </UnstyledButton>
  );
}
