import type { WebOptions } from '@fovea/contract';
import { ActionIcon, Avatar, Badge, Group, Tooltip } from '@mantine/core';
import { IconExternalLink, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../components/proxied-image';
import { useActorDetails } from '../actor-details/actor-details-context';
import { chipFilter, currentSceneFilter, goToSceneList, sceneListUrl } from './scene-list-links';
import type { ChipKind } from './scene-list-links';
import { ageAtRelease, isAkaGroup, sortedTags } from './scene-summary';
import type { SceneSummary } from './scene-summary';
import classes from './scene-details.module.css';

interface ChipProps {
  kind: ChipKind;
  value: string;
  color: string;
  label: ReactNode;
  left?: ReactNode;
  /** Shown after the chip (the cast chips' open-actor-details button). */
  extra?: ReactNode;
  openInNewWindow: boolean;
  onNavigate: () => void;
}

/** A chip that shows the scene list filtered by its value, with an optional open-in-new-window link. */
function FilterChip({ kind, value, color, label, left, extra, openInNewWindow, onNavigate }: ChipProps) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" className={classes.chip}>
      <Badge
        component="button"
        type="button"
        variant="light"
        color={color}
        size="lg"
        radius="sm"
        tt="none"
        leftSection={left}
        className={classes.chipButton}
        data-chip={kind}
        onClick={() => {
          goToSceneList(chipFilter(kind, value, currentSceneFilter()));
          onNavigate();
        }}
      >
        {label}
      </Badge>
      {openInNewWindow && (
        <Tooltip label={t('sceneCard.openInNewWindow')}>
          <ActionIcon
            component="a"
            href={sceneListUrl(chipFilter(kind, value, currentSceneFilter()))}
            target="_blank"
            rel="noreferrer"
            variant="light"
            color={color}
            size={26}
            aria-label={t('sceneDetails.chips.openInNewWindow', { name: value })}
          >
            <IconExternalLink size={14} />
          </ActionIcon>
        </Tooltip>
      )}
      {extra}
    </Group>
  );
}

/** Opens the actor details of a cast member over the scene details. */
function OpenActorButton({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const actorDetails = useActorDetails();
  return (
    <Tooltip label={t('actorDetails.actorDetails')}>
      <ActionIcon
        variant="light"
        color="yellow"
        size={26}
        aria-label={t('actorDetails.openActor', { name })}
        data-testid="scene-cast-open-actor"
        onClick={() => actorDetails.open(id)}
      >
        <IconUser size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

interface SceneChipsProps {
  summary: SceneSummary;
  tagSort: WebOptions['tagSort'];
  openInNewWindow: boolean;
  /** Called after a chip moved to the scene list (the overlay closes). */
  onNavigate: () => void;
}

/** Cast (with the age in the scene), site and tag chips; each jumps to the scene list filtered by it. */
export function SceneChips({ summary, tagSort, openInNewWindow, onNavigate }: SceneChipsProps) {
  const { t } = useTranslation();
  const shared = { openInNewWindow, onNavigate };
  return (
    <Group gap={8} data-testid="scene-details-chips">
      {summary.cast.map((actor) => {
        const age = ageAtRelease(actor.birth_date, summary.release_date);
        const counts = actor.count === undefined ? '' : ` (${actor.avail_count ?? 0}/${actor.count})`;
        const picture = actor.image_url !== undefined && !isAkaGroup(actor) ? actor.image_url : '';
        return (
          <FilterChip
            key={`cast/${actor.id}/${actor.name}`}
            kind="cast"
            value={actor.name}
            color="yellow"
            left={
              picture === '' ? undefined : (
                <Avatar src={proxiedImage(picture, 'x40')} size={20} radius="xl" alt="" />
              )
            }
            label={
              (age === null ? actor.name : t('sceneDetails.chips.castAge', { name: actor.name, age })) +
              counts
            }
            extra={
              // Real scenes only: an alternate-source scene's cast carries no counts and may not be ours.
              actor.count !== undefined && actor.id > 0 ? (
                <OpenActorButton id={actor.id} name={actor.name} />
              ) : undefined
            }
            {...shared}
          />
        );
      })}
      {summary.site !== '' && (
        <FilterChip kind="sites" value={summary.site} color="fovea" label={summary.site} {...shared} />
      )}
      {sortedTags(summary.tags, tagSort).map((tag) => (
        <FilterChip
          key={`tag/${tag.name}`}
          kind="tags"
          value={tag.name}
          color="cyan"
          label={tag.count === undefined ? tag.name : `${tag.name} (${tag.count})`}
          {...shared}
        />
      ))}
    </Group>
  );
}
