import { Badge, Group, Paper, Stack, Switch, TextInput } from '@mantine/core';
import type { OptionsStateResponse } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveDlnaOptions } from '../../../api/queries/options-dlna';
import { findOptionsSection } from '../options-sections';
import { DlnaAllowedIps } from './DlnaAllowedIps';
import { DlnaImagePicker } from './DlnaImagePicker';
import { DLNA_NAME_MAX, dlnaBody, dlnaNameError, pickDlnaValues, sameDlnaValues } from './dlna-values';
import type { DlnaValues } from './dlna-values';
import { OptionsStateGate } from './OptionsStateGate';
import { SaveBar } from './SaveBar';
import { saveFeedback } from './save-feedback';
import { SectionFrame } from './SectionFrame';

function DlnaForm({ state }: { state: OptionsStateResponse }) {
  const { t } = useTranslation();
  const [initial] = useState(() => pickDlnaValues(state.config.interfaces.dlna));
  const [values, setValues] = useState(initial);
  const save = useSaveDlnaOptions();
  const set = <K extends keyof DlnaValues>(key: K, value: DlnaValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const { running, images, recentIp } = state.currentState.dlna;
  const nameError = dlnaNameError(values.name);
  // The saved icon stays choosable even if the server no longer offers it.
  const choices = images.includes(values.image) ? images : [values.image, ...images];

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Switch
              label={t('options.dlna.enabled')}
              aria-label={t('options.dlna.enabled')}
              description={t('options.dlna.enabledDescription')}
              checked={values.enabled}
              onChange={(event) => set('enabled', event.currentTarget.checked)}
            />
            <Badge
              variant="dot"
              color={running ? 'teal' : 'gray'}
              tt="none"
              data-testid="dlna-running"
              data-running={running ? 'true' : 'false'}
            >
              {running ? t('options.dlna.running') : t('options.dlna.stopped')}
            </Badge>
          </Group>
          <TextInput
            label={t('options.dlna.name')}
            description={t('options.dlna.nameDescription')}
            value={values.name}
            maxLength={DLNA_NAME_MAX}
            error={nameError === null ? undefined : t(`options.dlna.nameErrors.${nameError}`)}
            onChange={(event) => set('name', event.currentTarget.value)}
            maw={360}
          />
          <DlnaImagePicker images={choices} value={values.image} onChange={(image) => set('image', image)} />
        </Stack>
      </Paper>
      <DlnaAllowedIps
        allowed={values.allowedIp}
        recent={recentIp}
        onChange={(allowedIp) => set('allowedIp', allowedIp)}
      />
      <SaveBar
        dirty={!sameDlnaValues(values, initial)}
        saving={save.isPending}
        invalid={nameError !== null}
        onReset={() => setValues(initial)}
        onSave={() => save.mutate(dlnaBody(values), saveFeedback(t))}
      />
    </Stack>
  );
}

/** DLNA: the media server's switch, name, icon and allowed addresses (PUT /api/options/interface/dlna). */
export function DlnaSection() {
  return (
    <SectionFrame section={findOptionsSection('dlna')}>
      <OptionsStateGate>
        {(state) => <DlnaForm key={JSON.stringify(state.config.interfaces.dlna)} state={state} />}
      </OptionsStateGate>
    </SectionFrame>
  );
}
