import type { Actor } from '@fovea/contract';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActorColleagues, useActorExtrefs } from '../../api/queries/actor';
import { ActorAkasTab } from './ActorAkasTab';
import { ActorColleaguesTab } from './ActorColleaguesTab';
import { ActorFactsTab } from './ActorFactsTab';
import { ActorLinksTab, ActorScrapersTab, linkCount, scraperCount } from './ActorLinksTab';
import { ActorScenesTab } from './ActorScenesTab';

export type ActorTab = 'details' | 'scenes' | 'akas' | 'colleagues' | 'links' | 'scrapers';

interface ActorInfoTabsProps {
  actor: Actor;
  imperial: boolean;
  tab: ActorTab;
  onTabChange: (tab: ActorTab) => void;
  onSceneOpened: () => void;
  onNavigate: () => void;
}

const TABS: readonly ActorTab[] = ['details', 'scenes', 'akas', 'colleagues', 'links', 'scrapers'];
const isTab = (value: string | null): value is ActorTab => TABS.includes(value as ActorTab);

/** The tabs Details, Scenes, Akas, Colleagues, Links and Scrapers; a tab's content is drawn when shown. */
export function ActorInfoTabs({
  actor,
  imperial,
  tab,
  onTabChange,
  onSceneOpened,
  onNavigate,
}: ActorInfoTabsProps) {
  const { t } = useTranslation();
  const colleagues = useActorColleagues(actor.id).data;
  const extrefs = useActorExtrefs(actor.id).data ?? [];
  const counted = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${count})`;
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (isTab(value)) onTabChange(value);
      }}
      keepMounted={false}
    >
      <Tabs.List>
        <Tabs.Tab value="details">{t('actorDetails.tabs.details')}</Tabs.Tab>
        <Tabs.Tab value="scenes">{counted(t('actorDetails.tabs.scenes'), actor.count)}</Tabs.Tab>
        <Tabs.Tab value="akas">{t('actorDetails.tabs.akas')}</Tabs.Tab>
        <Tabs.Tab value="colleagues">
          {counted(t('actorDetails.tabs.colleagues'), colleagues?.length)}
        </Tabs.Tab>
        <Tabs.Tab value="links">{counted(t('actorDetails.tabs.links'), linkCount(actor, extrefs))}</Tabs.Tab>
        <Tabs.Tab value="scrapers">
          {counted(t('actorDetails.tabs.scrapers'), scraperCount(actor, extrefs))}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details" pt="md">
        <ActorFactsTab actor={actor} imperial={imperial} />
      </Tabs.Panel>
      <Tabs.Panel value="scenes" pt="md">
        <ActorScenesTab actor={actor} onSceneOpened={onSceneOpened} onNavigate={onNavigate} />
      </Tabs.Panel>
      <Tabs.Panel value="akas" pt="md">
        <ActorAkasTab actorId={actor.id} />
      </Tabs.Panel>
      <Tabs.Panel value="colleagues" pt="md">
        <ActorColleaguesTab actor={actor} />
      </Tabs.Panel>
      <Tabs.Panel value="links" pt="md">
        <ActorLinksTab actor={actor} extrefs={extrefs} />
      </Tabs.Panel>
      <Tabs.Panel value="scrapers" pt="md">
        <ActorScrapersTab actor={actor} extrefs={extrefs} />
      </Tabs.Panel>
    </Tabs>
  );
}
