import { Stack, Tabs } from '@mantine/core';
import type { OptionsStateResponse } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePlayerOptions } from '../../../api/queries/options-players';
import { findOptionsSection } from '../options-sections';
import { OptionsStateGate } from './OptionsStateGate';
import {
  hasPlayersProblem,
  pickPlayersValues,
  playersBody,
  playersProblems,
  samePlayersValues,
} from './players-values';
import type { PlayersValues } from './players-values';
import { PlayersDeovrSettings } from './PlayersDeovrSettings';
import { PlayersHeresphereSettings } from './PlayersHeresphereSettings';
import { SaveBar } from './SaveBar';
import { saveFeedback } from './save-feedback';
import { SectionFrame } from './SectionFrame';
import { SortSequenceEditor } from './SortSequenceEditor';

const PLAYERS_TABS = ['shared', 'deovr', 'heresphere'] as const;
type PlayersTab = (typeof PLAYERS_TABS)[number];

interface PlayersFormProps {
  state: OptionsStateResponse;
  /** Kept by the section, so the open tab survives the form being remade after a save. */
  tab: PlayersTab;
  onTab: (tab: PlayersTab) => void;
}

function PlayersForm({ state, tab, onTab }: PlayersFormProps) {
  const { t } = useTranslation();
  const interfaces = state.config.interfaces;
  // "set" when a password is stored (the answers never carry it).
  const passwordStored = interfaces.deovr.password !== '';
  const [initial] = useState(() => pickPlayersValues(interfaces));
  const [values, setValues] = useState(initial);
  const save = useSavePlayerOptions();
  const change = (patch: Partial<PlayersValues>) => setValues((current) => ({ ...current, ...patch }));
  const problems = playersProblems(values, passwordStored);

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => onTab(PLAYERS_TABS.find((candidate) => candidate === value) ?? 'shared')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="shared">{t('options.players.tabs.shared')}</Tabs.Tab>
          <Tabs.Tab value="deovr">{t('options.players.tabs.deovr')}</Tabs.Tab>
          <Tabs.Tab value="heresphere">{t('options.players.tabs.heresphere')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="shared" pt="md">
          <Stack gap="md">
            <SortSequenceEditor
              kind="video"
              value={values.video_sort_seq}
              onChange={(video_sort_seq) => change({ video_sort_seq })}
            />
            <SortSequenceEditor
              kind="script"
              value={values.script_sort_seq}
              onChange={(script_sort_seq) => change({ script_sort_seq })}
            />
            <SortSequenceEditor
              kind="subtitle"
              value={values.subtitle_sort_seq}
              onChange={(subtitle_sort_seq) => change({ subtitle_sort_seq })}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="deovr" pt="md">
          <PlayersDeovrSettings
            values={values}
            onChange={change}
            hasStoredPassword={passwordStored}
            problems={problems}
            boundIp={state.currentState.server.bound_ip}
          />
        </Tabs.Panel>
        <Tabs.Panel value="heresphere" pt="md">
          <PlayersHeresphereSettings values={values} onChange={change} />
        </Tabs.Panel>
      </Tabs>
      <SaveBar
        dirty={!samePlayersValues(values, initial)}
        saving={save.isPending}
        invalid={hasPlayersProblem(problems)}
        onReset={() => setValues(initial)}
        onSave={() => save.mutate(playersBody(values), saveFeedback(t))}
      />
    </Stack>
  );
}

/** Players: Shared Settings (file sort sequences), DeoVR and Heresphere (PUT /api/options/interface/deovr). */
export function PlayersSection() {
  const [tab, setTab] = useState<PlayersTab>('shared');
  return (
    <SectionFrame section={findOptionsSection('players')}>
      <OptionsStateGate>
        {(state) => {
          const { deovr, heresphere, players } = state.config.interfaces;
          return (
            <PlayersForm
              key={JSON.stringify([deovr, heresphere, players])}
              state={state}
              tab={tab}
              onTab={setTab}
            />
          );
        }}
      </OptionsStateGate>
    </SectionFrame>
  );
}
