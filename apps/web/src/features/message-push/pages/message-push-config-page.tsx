import { useMemo, useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushEndpointRecord } from '@portal/shared/push-endpoints';
import { EndpointFormDrawer } from '../components/endpoint-form-drawer.tsx';
import { EndpointList, type EndpointHandlers } from '../components/endpoint-list.tsx';
import { DeliveryLog } from '../components/delivery-log.tsx';
import { SecretModal } from '../components/secret-modal.tsx';

type Tab = 'endpoints' | 'deliveries';

/**
 * Message push configuration: the merchant's webhook endpoints, their signing secrets
 * (shown once), the test event, and the delivery log with its attempts and replays.
 */
export function MessagePushConfigPage() {
  const { t } = useTranslation('message-push');
  const [tab, setTab] = useState<Tab>('endpoints');
  const [drawer, setDrawer] = useState<{ endpoint: PushEndpointRecord | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logEndpoint, setLogEndpoint] = useState<number | undefined>(undefined);
  const handlers = useMemo<EndpointHandlers>(
    () => ({
      onEdit: (endpoint) => setDrawer({ endpoint }),
      onSecret: setSecret,
      onLog: (endpoint) => {
        setLogEndpoint(endpoint.id);
        setTab('deliveries');
      },
    }),
    [],
  );
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'endpoints', label: t('tabs.endpoints'), children: <EndpointList handlers={handlers} onAdd={() => setDrawer({ endpoint: null })} /> },
          { key: 'deliveries', label: t('tabs.deliveries'), children: <DeliveryLog endpointId={logEndpoint} onEndpoint={setLogEndpoint} /> },
        ]}
      />
      <EndpointFormDrawer open={drawer !== null} endpoint={drawer?.endpoint ?? null} onClose={() => setDrawer(null)} onSecret={setSecret} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
