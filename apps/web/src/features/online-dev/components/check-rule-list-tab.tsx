import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { CHECK_RULE_LIST_KEY, listCheckRules, useDeleteCheckRule, type CheckRuleRecord } from '../api/check-rules.ts';
import { CheckRuleEditor } from './check-rule-editor.tsx';
import { LocalTitle } from './local-title.tsx';

function CheckRuleActions({ rule, onEdit }: { rule: CheckRuleRecord; onEdit: (rule: CheckRuleRecord) => void }) {
  const { t } = useTranslation('online-dev');
  const remove = useDeleteCheckRule();
  return (
    <Space size={0}>
      <Access code="system:online:edit">
        <Button type="link" size="small" onClick={() => onEdit(rule)} data-testid="check-rule-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <ConfirmedAction
        code="system:online:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('checkRule.deleteConfirm', { code: rule.ruleCode })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(rule.id)}
        done={t('common.deleted')}
        testId="check-rule-delete"
      />
    </Space>
  );
}

function checkRuleList(onEdit: (rule: CheckRuleRecord) => void): ListPageConfig<CheckRuleRecord> {
  return {
    id: 'online-check-rules',
    rowKey: 'id',
    queryKey: CHECK_RULE_LIST_KEY,
    fetcher: listCheckRules,
    urlFilters: false,
    query: [
      { name: 'ruleCode', label: textKey('online-dev', 'checkRule.code'), type: 'input' },
      { name: 'ruleName', label: textKey('online-dev', 'checkRule.name'), type: 'input' },
    ],
    columns: [
      { dataIndex: 'ruleCode', title: textKey('online-dev', 'checkRule.code'), width: 200, phone: true },
      { dataIndex: 'ruleName', title: textKey('online-dev', 'checkRule.name'), width: 220, phone: true, render: (rule) => <LocalTitle titles={rule.ruleName} /> },
      { dataIndex: 'rules', title: textKey('online-dev', 'checkRule.count'), width: 100, align: 'right', render: (rule) => rule.rules.length },
      { dataIndex: 'createdAt', title: textKey('online-dev', 'checkRule.createdAt'), format: 'dateTime', width: 170 },
      { key: 'actions', title: textKey('online-dev', 'common.actions'), fixed: 'right', width: 150, phone: true, render: (rule) => <CheckRuleActions rule={rule} onEdit={onEdit} /> },
    ],
  };
}

/** The check rules a form field may name (sys_check_rule): patterns run on the server's linear-time engine. */
export function CheckRuleListTab() {
  const { t } = useTranslation('online-dev');
  const [editing, setEditing] = useState<{ rule: CheckRuleRecord | null } | null>(null);
  const config = useMemo(() => checkRuleList((rule) => setEditing({ rule })), []);
  return (
    <>
      <ListPage
        config={config}
        toolbar={
          <Access code="system:online:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ rule: null })} data-testid="check-rule-add">
              {t('common.add')}
            </Button>
          </Access>
        }
      />
      <CheckRuleEditor open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
