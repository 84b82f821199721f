import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth.ts';
import { greetingOf } from '../../../lib/format.ts';

/** Home (spec §2): the greeting, the user's company and department; business figures join in their issues. */
export function AnalysisPage() {
  const { t } = useTranslation();
  const userInfo = useAuth((state) => state.userInfo);
  const name = userInfo?.realname || userInfo?.username || '';
  return (
    <Card>
      <Typography.Title level={3} data-testid="home-greeting">
        {t('layout.welcome', { greeting: t(`layout.greeting.${greetingOf(new Date().getHours())}`), name })}
      </Typography.Title>
      <Descriptions column={1}>
        <Descriptions.Item label={t('dashboard.department')}>{userInfo?.orgCode ?? t('dashboard.noDepartment')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
