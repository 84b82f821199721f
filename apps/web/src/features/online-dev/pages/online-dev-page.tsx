import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckRuleListTab } from '../components/check-rule-list-tab.tsx';
import { FormListTab } from '../components/form-list-tab.tsx';
import { ReportListTab } from '../components/report-list-tab.tsx';

/** Online development: reports, forms and check rules defined as data, never as SQL or code. */
export function OnlineDevPage() {
  const { t } = useTranslation('online-dev');
  return (
    <Card>
      <Tabs
        destroyOnHidden
        data-testid="online-dev-tabs"
        items={[
          { key: 'reports', label: t('tabs.reports'), children: <ReportListTab /> },
          { key: 'forms', label: t('tabs.forms'), children: <FormListTab /> },
          { key: 'check-rules', label: t('tabs.checkRules'), children: <CheckRuleListTab /> },
        ]}
      />
    </Card>
  );
}
