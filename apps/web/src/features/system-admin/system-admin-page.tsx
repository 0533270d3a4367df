import { Box, Tab, Tabs, useMediaQuery } from '@mui/material';
import { useSearchParams } from 'react-router';
import { MOBILE_QUERY } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/permissions';
import { PermissionsTab } from './components/permissions-tab';
import { ServiceTab } from './components/service-tab';
import { WorkWeeksTab } from './components/work-weeks-tab';

const TABS = [
  { id: 'work-weeks', label: 'Work Weeks' },
  { id: 'service', label: 'Service' },
  { id: 'permissions', label: 'Roles & Permissions' },
] as const;
type TTabId = (typeof TABS)[number]['id'];

/** Spec §2 system-admin: System Management with Work Weeks, Service and Roles & Permissions. */
export function SystemAdminPage() {
  const canWrite = useCan('SystemAdminPage', 'Write');
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  // The tab lives in the address, so a reload or a shared link opens the same tab.
  const [params, setParams] = useSearchParams();
  const tab: TTabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'work-weeks';
  return (
    <>
      <PageHeader title="System Management" />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TTabId) => setParams(next === 'work-weeks' ? {} : { tab: next }, { replace: true })}
          // Phones: three equal tabs whose labels wrap, rather than a tab scrolled out of sight.
          variant={isMobile ? 'fullWidth' : 'standard'}
          aria-label="System Management sections"
        >
          {TABS.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} id={`system-tab-${t.id}`} aria-controls={`system-panel-${t.id}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`system-panel-${tab}`} aria-labelledby={`system-tab-${tab}`}>
        {tab === 'work-weeks' && <WorkWeeksTab canWrite={canWrite} />}
        {tab === 'service' && <ServiceTab canWrite={canWrite} />}
        {tab === 'permissions' && <PermissionsTab />}
      </Box>
    </>
  );
}
