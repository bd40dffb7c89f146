import type { Actor } from '@fovea/contract';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryList } from '../../api/queries/countries';
import { useActorDetails } from './actor-details-context';
import {
  activeYears,
  ageOn,
  birthDay,
  heightText,
  jsonStrings,
  measurementsText,
  weightText,
} from './actor-summary';
import classes from './actor-details.module.css';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <>
      <Text component="span" className={classes.factLabel}>
        {label}
      </Text>
      <Text component="span" className={classes.factValue} data-testid={`actor-fact-${testId}`}>
        {children}
      </Text>
    </>
  );
}

/** The nationality's flag and country name (the code itself when the list does not know it). */
function Nationality({ code }: { code: string }) {
  const countries = useCountryList().data;
  const country = countries?.find((entry) => entry.code.toUpperCase() === code.toUpperCase());
  return (
    <>
      {country !== undefined && country.flag_url !== '' && (
        <img className={classes.flag} src={country.flag_url} alt="" data-testid="actor-flag" />
      )}
      {country?.name ?? code}
    </>
  );
}

/** The actor's aka groups; each opens its "aka:" actor. */
function AkaGroups({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const details = useActorDetails();
  const groups = (actor.aka_groups ?? []).filter((group) => group.aka_actor_id !== actor.id);
  if (groups.length === 0) return null;
  return (
    <Group gap={6}>
      {groups.map((group) => (
        <Badge
          key={group.id}
          component="button"
          type="button"
          variant="light"
          color="violet"
          tt="none"
          style={{ cursor: 'pointer' }}
          aria-label={t('actorDetails.openAkaGroup', { name: group.name })}
          onClick={() => details.open(group.aka_actor_id)}
        >
          {group.name}
        </Badge>
      ))}
    </Group>
  );
}

/** The Details tab: the actor's profile facts (only the known ones) and biography. */
export function ActorFactsTab({ actor, imperial }: { actor: Actor; imperial: boolean }) {
  const { t } = useTranslation();
  const born = birthDay(actor.birth_date);
  const age = ageOn(actor.birth_date);
  const active = activeYears(actor);
  const height = heightText(actor.height, imperial);
  const weight = weightText(actor.weight, imperial);
  const measurements = measurementsText(actor, imperial);
  const lists = [
    { key: 'aliases', label: t('actorDetails.facts.aliases'), items: jsonStrings(actor.aliases) },
    { key: 'tattoos', label: t('actorDetails.facts.tattoos'), items: jsonStrings(actor.tattoos) },
    { key: 'piercings', label: t('actorDetails.facts.piercings'), items: jsonStrings(actor.piercings) },
  ];
  const texts = [
    { key: 'ethnicity', label: t('actorDetails.facts.ethnicity'), value: actor.ethnicity },
    { key: 'hair', label: t('actorDetails.facts.hairColor'), value: actor.hair_color },
    { key: 'eyes', label: t('actorDetails.facts.eyeColor'), value: actor.eye_color },
    { key: 'height', label: t('actorDetails.facts.height'), value: height },
    { key: 'weight', label: t('actorDetails.facts.weight'), value: weight },
    { key: 'measurements', label: t('actorDetails.facts.measurements'), value: measurements },
    { key: 'breast-type', label: t('actorDetails.facts.breastType'), value: actor.breast_type },
    { key: 'active', label: t('actorDetails.facts.active'), value: active },
    { key: 'gender', label: t('actorDetails.facts.gender'), value: actor.gender },
  ].filter((fact) => fact.value.trim() !== '');
  const known =
    born !== null ||
    actor.nationality !== '' ||
    texts.length > 0 ||
    lists.some((list) => list.items.length > 0);

  return (
    <Stack gap="md" data-testid="actor-facts">
      <AkaGroups actor={actor} />
      {known ? (
        <div className={classes.facts}>
          {born !== null && (
            <Fact label={t('actorDetails.facts.age')} testId="age">
              {age === null ? born : t('actorDetails.facts.ageValue', { age, date: born })}
            </Fact>
          )}
          {actor.nationality !== '' && (
            <Fact label={t('actorDetails.facts.nationality')} testId="nationality">
              <Nationality code={actor.nationality} />
            </Fact>
          )}
          {texts.map((fact) => (
            <Fact key={fact.key} label={fact.label} testId={fact.key}>
              {fact.value}
            </Fact>
          ))}
          {lists
            .filter((list) => list.items.length > 0)
            .map((list) => (
              <Fact key={list.key} label={list.label} testId={list.key}>
                {list.items.join(', ')}
              </Fact>
            ))}
        </div>
      ) : (
        <Text c="dimmed" fz="sm">
          {t('actorDetails.facts.none')}
        </Text>
      )}
      {actor.biography.trim() !== '' && (
        <Paper withBorder p="sm" radius="md">
          <Text fz="sm" className={classes.biography} data-testid="actor-biography">
            {actor.biography}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
