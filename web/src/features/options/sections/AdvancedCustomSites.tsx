import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomSites } from '../../../api/queries/custom-sites';
import { useSiteList } from '../../../api/queries/scrapers';
import { AdvancedCustomSitesForm } from './AdvancedCustomSitesForm';
import { AdvancedCustomSitesList } from './AdvancedCustomSitesList';
import { QueryGate } from './QueryGate';

/**
 * Advanced → Create Custom Site: add a studio of an aggregator site, which is scrapable at once and shows in
 * the Scrapers table; the custom sites with edit and delete. Saves on its own (no Save bar).
 */
export function AdvancedCustomSites() {
  const { t } = useTranslation();
  const customSites = useCustomSites();
  const sites = useSiteList();
  const [editingId, setEditingId] = useState<string | null>(null);
  const siteNames = useMemo(
    () => new Map((sites.data ?? []).map((site) => [site.id, site.name])),
    [sites.data],
  );

  return (
    <Stack gap="md" data-testid="custom-sites">
      <Text size="sm" c="dimmed">
        {t('options.customSites.hint')}
      </Text>
      <QueryGate query={customSites} errorTestId="custom-sites-error">
        {(list) => {
          const editing = list.find((site) => site.id === editingId) ?? null;
          return (
            <>
              <AdvancedCustomSitesForm
                key={editing?.id ?? 'new'}
                editing={editing}
                onDone={() => setEditingId(null)}
              />
              <AdvancedCustomSitesList
                sites={list}
                siteNames={siteNames}
                onEdit={(site) => setEditingId(site.id)}
              />
            </>
          );
        }}
      </QueryGate>
    </Stack>
  );
}
