import { EXTERNAL_SOURCE_SCRAPE_SUFFIX } from '@fovea/contract';
import { Badge, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ListEditor } from '../scene-edit/ListEditor';
import type { ActorEditFieldsProps } from './actor-edit-form';
import { ActorEditInformation } from './ActorEditInformation';
import { ActorImagesEditor } from './ActorImagesEditor';
import { ActorLinksEditor } from './ActorLinksEditor';
import { ActorScraperRun, type ActorScraping } from './ActorScraperRun';
import { scraperSource } from './scraper-source';

type TabName = 'information' | 'aliases' | 'tattoos' | 'piercings' | 'links' | 'images' | 'scraper';
type ListTab = 'aliases' | 'tattoos' | 'piercings';

/** The type of a new Actor Scraper URL: "<site> scrape" from its domain; StashDB profiles are linked by search. */
function scraperType(url: string): { type: string } | { refusal: ParseKeys } {
  const source = scraperSource(url);
  if (source === null) return { refusal: 'errors.invalidUrl' };
  if (!source.endsWith(EXTERNAL_SOURCE_SCRAPE_SUFFIX)) return { refusal: 'actorEdit.scraperStashdb' };
  return { type: source };
}

/** The source of a new external reference, as the server derives it ("stashdb performer", "<site> scrape"). */
function profileType(url: string): { type: string } | { refusal: ParseKeys } {
  const source = scraperSource(url);
  return source === null ? { refusal: 'errors.invalidUrl' } : { type: source };
}

/** The seven tabs of the actor edit dialog (library-spec §2). */
export function ActorEditTabs({
  form,
  errors,
  imperial,
  onChange,
  scraping,
}: ActorEditFieldsProps & { imperial: boolean; scraping?: ActorScraping }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabName>('information');
  const count = (n: number) => (
    <Badge size="xs" variant="light" circle={n < 10}>
      {n}
    </Badge>
  );
  const tabLabel = (name: TabName, n?: number) => (
    <Tabs.Tab value={name} rightSection={n === undefined ? undefined : count(n)}>
      {t(`actorEdit.tabs.${name}`)}
    </Tabs.Tab>
  );
  const list = (name: ListTab) => (
    <Tabs.Panel value={name}>
      <ListEditor
        items={form[name]}
        onChange={(items) => onChange({ [name]: items })}
        label={t(`actorEdit.add.${name}`)}
        emptyText={t(`actorEdit.empty.${name}`)}
        testId={`actor-edit-${name}`}
      />
      {errors[name] !== undefined && (
        <Text size="sm" c="red" mt="xs">
          {errors[name]}
        </Text>
      )}
    </Tabs.Panel>
  );

  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as TabName | null) ?? 'information')}
      keepMounted={false}
    >
      <Tabs.List mb="sm">
        {tabLabel('information')}
        {tabLabel('aliases', form.aliases.length)}
        {tabLabel('tattoos', form.tattoos.length)}
        {tabLabel('piercings', form.piercings.length)}
        {tabLabel('links', form.links.length + (form.profiles?.length ?? 0))}
        {tabLabel('images', form.images.length)}
        {tabLabel('scraper', form.scrapers.length)}
      </Tabs.List>
      {/* The panels scroll between the tab list and the dialog's buttons, which stay in view. */}
      <ScrollArea.Autosize mah="calc(100dvh - 16rem)" offsetScrollbars type="auto">
        <Tabs.Panel value="information">
          <ActorEditInformation form={form} errors={errors} imperial={imperial} onChange={onChange} />
        </Tabs.Panel>
        {list('aliases')}
        {list('tattoos')}
        {list('piercings')}
        <Tabs.Panel value="links">
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={5}>{t('actorEdit.linksTitle')}</Title>
              <ActorLinksEditor
                links={form.links}
                onChange={(links) => onChange({ links })}
                label={t('actorEdit.addLink')}
                emptyText={t('actorEdit.noLinks')}
                testId="actor-edit-links"
                error={errors.links}
              />
            </Stack>
            {form.profiles !== null && (
              <Stack gap="xs">
                <Title order={5}>{t('actorEdit.profiles')}</Title>
                <Text size="sm" c="dimmed">
                  {t('actorEdit.profilesHint')}
                </Text>
                <ActorLinksEditor
                  links={form.profiles}
                  onChange={(profiles) => onChange({ profiles })}
                  deriveType={profileType}
                  label={t('actorEdit.addProfile')}
                  emptyText={t('actorEdit.noProfiles')}
                  testId="actor-edit-profiles"
                />
              </Stack>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="images">
          <ActorImagesEditor
            images={form.images}
            mainImage={form.mainImage}
            onChange={(patch) => onChange(patch)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="scraper">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('actorEdit.scraperHint')}
            </Text>
            <ActorLinksEditor
              links={form.scrapers}
              onChange={(scrapers) => onChange({ scrapers })}
              deriveType={scraperType}
              label={t('actorEdit.addScraperUrl')}
              emptyText={t('actorEdit.noScrapers')}
              testId="actor-edit-scrapers"
            />
            {scraping && <ActorScraperRun scrapers={form.scrapers} scraping={scraping} />}
          </Stack>
        </Tabs.Panel>
      </ScrollArea.Autosize>
    </Tabs>
  );
}
