import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useActorRuleSets, useScrapeAllActors } from '../../../api/queries/actor-scraper';
import { notifyDanger, notifySuccess } from '../../../components/notify';

/**
 * Advanced → Actor Settings: "Scrape actor profiles" reads every actor profile page not scraped yet (a job
 * under the scrape lock; its progress shows on the Data line), filling only empty fields. Below it, why the
 * owner's actor_scraper_custom_config.json is not in use, when it is not.
 */
export function ActorScrapeAllButton() {
  const { t } = useTranslation();
  const run = useScrapeAllActors();
  const ruleSetError = useActorRuleSets().data?.error ?? '';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconUsers size={16} />}
          loading={run.isPending}
          style={{ flex: 'none' }}
          data-testid="actor-scrape-all"
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: () => notifySuccess(t('options.advanced.actorScrapeStarted')),
              onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
            })
          }
        >
          {t('options.advanced.actorScrapeAll')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('options.advanced.actorScrapeAllHint')}
        </Text>
      </Group>
      {ruleSetError !== '' && (
        <Text size="sm" c="red" data-testid="actor-rule-set-error">
          {ruleSetError}
        </Text>
      )}
    </Stack>
  );
}
