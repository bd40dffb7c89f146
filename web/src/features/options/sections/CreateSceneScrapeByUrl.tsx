import { Alert, Button, Group, TextInput } from '@mantine/core';
import type { SingleSceneRoute } from '@fovea/contract';
import { IconAlertTriangle, IconWorldDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSingleSceneRoutes, useSingleScrape } from '../../../api/queries/scrapers';
import { notifyDanger } from '../../../components/notify';
import { useSceneDetails } from '../../scene-details/scene-details-context';
import {
  ADDITIONAL_INFO_MAX_LENGTH,
  SCENE_URL_MAX_LENGTH,
  additionalInfoBody,
  additionalInfoProblem,
  isHttpUrl,
  reportSingleScrape,
  reportSingleScrapeError,
  routeForUrl,
} from './scrapers-single-scene';
import { CreateSceneCard } from './CreateSceneCard';

interface AdditionalFieldsProps {
  route: SingleSceneRoute;
  values: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
}

/** The extra fields the matched site's definition asks for (e.g. a numeric scene id). */
function AdditionalFields({ route, values, onChange }: AdditionalFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {route.additional_info.map((field) => {
        const value = values[field.fieldName] ?? '';
        const problem = additionalInfoProblem(field, value);
        return (
          <TextInput
            key={field.fieldName}
            label={field.fieldPrompt === '' ? field.fieldName : field.fieldPrompt}
            placeholder={field.placeholder}
            required={field.required}
            inputMode={field.type === 'number' ? 'numeric' : 'url'}
            maxLength={ADDITIONAL_INFO_MAX_LENGTH}
            value={value}
            error={problem === 'digits' ? t('options.createScene.digitsOnly') : undefined}
            data-testid={`additional-info-${field.fieldName}`}
            onChange={(event) => onChange(field.fieldName, event.currentTarget.value)}
          />
        );
      })}
    </>
  );
}

/**
 * Scrape by URL: the site is chosen by the URL patterns its definition declares; its extra fields are asked
 * for; Continue scrapes the one scene (no client timeout) and opens it in the scene editor.
 */
export function CreateSceneScrapeByUrl() {
  const { t } = useTranslation();
  const details = useSceneDetails();
  const routes = useSingleSceneRoutes();
  const scrape = useSingleScrape();
  const [url, setUrl] = useState('');
  const [values, setValues] = useState<Readonly<Record<string, string>>>({});
  const route = useMemo(() => routeForUrl(routes.data ?? [], url), [routes.data, url]);
  const trimmed = url.trim();
  const urlValid = isHttpUrl(trimmed);
  const fieldsValid =
    route === null ||
    route.additional_info.every(
      (field) => additionalInfoProblem(field, values[field.fieldName] ?? '') === null,
    );
  const ready = urlValid && fieldsValid && routes.data !== undefined && !scrape.isPending;

  const submit = () => {
    if (!ready) return;
    if (route === null) {
      notifyDanger(t('errors.noScraperForDomain'));
      return;
    }
    scrape.mutate(
      { site: route.site_id, sceneurl: trimmed, additionalinfo: additionalInfoBody(route, values) },
      {
        onSuccess: (answer) => {
          if (!reportSingleScrape(answer, t)) return;
          setUrl('');
          setValues({});
          details.openEdit(answer.scene.id);
        },
        onError: (error) => reportSingleScrapeError(error, t),
      },
    );
  };

  return (
    <CreateSceneCard
      testId="scrape-by-url"
      title={t('options.createScene.scrapeTitle')}
      hint={t('options.createScene.scrapeHint')}
      onSubmit={submit}
    >
      {routes.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('options.createScene.routesFailed')}
        </Alert>
      )}
      <TextInput
        type="url"
        label={t('options.createScene.sceneUrl')}
        placeholder="https://"
        required
        maxLength={SCENE_URL_MAX_LENGTH}
        value={url}
        error={trimmed !== '' && !urlValid ? t('options.createScene.invalidUrl') : undefined}
        description={route === null ? undefined : t('options.createScene.matchedSite', { name: route.name })}
        onChange={(event) => setUrl(event.currentTarget.value)}
      />
      {route !== null && (
        <AdditionalFields
          route={route}
          values={values}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        />
      )}
      <Group justify="flex-end">
        <Button
          type="submit"
          leftSection={<IconWorldDownload size={16} />}
          disabled={!ready}
          loading={scrape.isPending}
        >
          {t('options.createScene.continue')}
        </Button>
      </Group>
    </CreateSceneCard>
  );
}
