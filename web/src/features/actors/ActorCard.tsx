import { Badge, Tooltip } from '@mantine/core';
import { BLANK_ACTOR_IMAGE, TOOLTIP_DELAY_MS } from '@fovea/contract';
import type { Actor, ActorToggleList, CountryEntry } from '@fovea/contract';
import { IconClock, IconClockFilled, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { memo, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { StarRating } from '../../components/StarRating';
import { actorAge, actorCardImage, akaGroupNames, akaMembers, isAkaGroupActor } from './actor-card-model';
import type { ActorCardLook } from './actor-card-model';
import classes from './actors.module.css';

/** What a card does; the grid passes the same functions to every card. */
export interface ActorCardActions {
  open(actor: Actor): void;
  toggle(actor: Actor, list: Extract<ActorToggleList, 'favourite' | 'watchlist'>): void;
  rate(actor: Actor, rating: number): void;
}

export interface ActorCardProps {
  actor: Actor;
  look: ActorCardLook;
  /** The actor's country (flag and name) when the country list knows its code. */
  country: CountryEntry | undefined;
  actions: ActorCardActions;
}

/** The card image; a missing or failing image shows the blank profile. */
function ActorImage({ actor }: { actor: Actor }) {
  const source = actorCardImage(actor);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      src={failed === source ? BLANK_ACTOR_IMAGE : source}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      data-testid="actor-card-image"
      onError={() => setFailed(source)}
    />
  );
}

const FLAGS = [
  { list: 'favourite', on: IconHeartFilled, off: IconHeart, colour: 'var(--mantine-color-red-6)' },
  { list: 'watchlist', on: IconClockFilled, off: IconClock, colour: 'var(--mantine-color-blue-5)' },
] as const;

function FlagButtons({ actor, actions }: { actor: Actor; actions: ActorCardActions }) {
  const { t } = useTranslation();
  return (
    <div className={classes.flags}>
      {FLAGS.map(({ list, on, off, colour }) => {
        const set = actor[list];
        const Icon = set ? on : off;
        const text = t(set ? `actorCard.${list}Remove` : `actorCard.${list}Add`);
        return (
          <Tooltip key={list} label={text} openDelay={TOOLTIP_DELAY_MS}>
            <button
              type="button"
              className={classes.flag}
              aria-pressed={set}
              aria-label={text}
              data-flag={list}
              style={{ '--flag-colour': colour } as CSSProperties}
              onClick={() => actions.toggle(actor, list)}
            >
              <Icon size={16} stroke={1.8} aria-hidden />
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}

function AkaBadge({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const members = akaMembers(actor);
  const groups = akaGroupNames(actor);
  if (isAkaGroupActor(actor)) {
    return (
      <Tooltip label={members.join(', ')} openDelay={TOOLTIP_DELAY_MS} disabled={members.length === 0}>
        <Badge className={classes.akaBadge} size="sm" color="grape" variant="filled" data-testid="aka-badge">
          {t('actorCard.akaGroup', { count: members.length })}
        </Badge>
      </Tooltip>
    );
  }
  if (groups.length === 0) return null;
  return (
    <Tooltip label={groups.join(', ')} openDelay={TOOLTIP_DELAY_MS}>
      <Badge className={classes.akaBadge} size="sm" color="grape" variant="light" data-testid="aka-badge">
        {t('actorCard.inAkaGroups', { count: groups.length })}
      </Badge>
    </Tooltip>
  );
}

function ActorCardView({ actor, look, country, actions }: ActorCardProps) {
  const { t } = useTranslation();
  const age = actorAge(actor.birth_date);
  const style = { '--image-ratio': look.ratio, '--image-fit': look.fit } as CSSProperties;
  return (
    <article
      className={classes.card}
      style={style}
      data-testid="actor-card"
      data-actor-id={actor.id}
      aria-label={actor.name}
    >
      <button
        type="button"
        className={classes.image}
        tabIndex={-1}
        aria-label={t('actorCard.openDetails', { name: actor.name })}
        onClick={() => actions.open(actor)}
      >
        <ActorImage actor={actor} />
      </button>
      <AkaBadge actor={actor} />
      <div className={classes.body}>
        <button
          type="button"
          className={classes.name}
          title={actor.name}
          onClick={() => actions.open(actor)}
          data-testid="actor-card-name"
        >
          {actor.name}
        </button>
        <div className={classes.meta}>
          {age !== null && <span data-testid="actor-card-age">{t('actorCard.age', { count: age })}</span>}
          {country !== undefined && country.flag_url !== '' && (
            <Tooltip label={country.name} openDelay={TOOLTIP_DELAY_MS}>
              <img
                className={classes.countryFlag}
                src={country.flag_url}
                alt={country.name}
                data-testid="actor-card-flag"
              />
            </Tooltip>
          )}
        </div>
        <div className={classes.counts} data-testid="actor-card-counts">
          {t('actorCard.counts', { count: actor.count, available: actor.avail_count })}
        </div>
        <div className={classes.actions}>
          <StarRating
            value={actor.star_rating}
            onChange={(rating) => actions.rate(actor, rating)}
            size="xs"
            label={t('actorCard.rating', { name: actor.name })}
          />
          <FlagButtons actor={actor} actions={actions} />
        </div>
      </div>
    </article>
  );
}

/** Same actor object, look, country and actions: nothing to redraw (an actor changes identity when it changes). */
const sameCard = (before: ActorCardProps, after: ActorCardProps): boolean =>
  before.actor === after.actor &&
  before.look === after.look &&
  before.country === after.country &&
  before.actions === after.actions;

/** An actor tile: image, aka badge, name, age, flag, scene counts, rating, favourite and watchlist. */
export const ActorCard = memo(ActorCardView, sameCard);
