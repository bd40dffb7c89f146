import { Button, Group, TextInput } from '@mantine/core';
import { SECRET_SET, TPDB_URL_RE } from '@fovea/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../../api/queries/options';
import { useScrapeTpdb } from '../../../api/queries/scene-import';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { SecretInput } from './SecretInput';
import { secretPresent } from './secret-value';
import { CreateSceneCard } from './CreateSceneCard';

const URL_MAX_LENGTH = 4_096;

/**
 * Import scene from TPDB: the API token (the one kept in the options, or typed; a typed one is kept once an
 * import with it has worked) and the scene's theporndb.net URL. The import runs as a job.
 */
export function CreateSceneTpdb() {
  const { t } = useTranslation();
  const state = useOptionsState();
  const scrape = useScrapeTpdb();
  const stored = state.data?.config.vendor.tpdb.apiToken === SECRET_SET;
  const [typed, setTyped] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const token = typed ?? (stored ? SECRET_SET : '');
  const trimmed = url.trim();
  const urlValid = TPDB_URL_RE.test(trimmed);
  const ready = urlValid && secretPresent(token, stored) && state.data !== undefined && !scrape.isPending;

  const submit = () => {
    if (!ready) return;
    scrape.mutate(
      { apiToken: token.trim(), sceneUrl: trimmed },
      {
        onSuccess: () => {
          notifySuccess(t('options.createScene.tpdb.started'));
          setUrl('');
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );
  };

  return (
    <CreateSceneCard
      testId="create-scene-tpdb"
      title={t('options.createScene.tpdb.title')}
      hint={t('options.createScene.tpdb.hint')}
      onSubmit={submit}
    >
      <SecretInput
        label={t('options.createScene.tpdb.token')}
        description={t('options.createScene.tpdb.tokenHint')}
        value={token}
        stored={stored}
        onChange={setTyped}
        normalise={(value) => value.trim()}
        testId="tpdb-token"
      />
      <TextInput
        type="url"
        label={t('options.createScene.tpdb.sceneUrl')}
        placeholder="https://theporndb.net/scenes/…"
        required
        maxLength={URL_MAX_LENGTH}
        value={url}
        error={trimmed !== '' && !urlValid ? t('options.createScene.tpdb.invalidUrl') : undefined}
        onChange={(event) => setUrl(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          type="submit"
          leftSection={<IconDownload size={16} />}
          disabled={!ready}
          loading={scrape.isPending}
        >
          {t('options.createScene.import')}
        </Button>
      </Group>
    </CreateSceneCard>
  );
}
