import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import type { FormFieldValues } from '../form-rules.ts';

/** The form as defined so far, read-only: each field's key, title, type, width and checks. */
export function FormDefinitionPreview({ fields }: { fields: readonly FormFieldValues[] }) {
  const { t } = useTranslation('online-dev');
  const language = useLanguage();
  return (
    <Table<FormFieldValues & { index: number }>
      size="small"
      rowKey="index"
      pagination={false}
      dataSource={fields.map((field, index) => ({ ...field, index }))}
      columns={[
        { title: t('field.key'), dataIndex: 'key', width: 140 },
        { title: t('common.title'), key: 'title', render: (_value, field) => field.titles?.[language] || field.titles?.['zh-TW'] },
        { title: t('field.type'), dataIndex: 'type', width: 110, render: (type: FormFieldValues['type']) => t(`fieldTypes.${type}`) },
        { title: t('field.span'), dataIndex: 'span', width: 100, render: (span: FormFieldValues['span']) => t(`spans.${span}`) },
        {
          title: t('field.required'),
          key: 'flags',
          render: (_value, field) => (
            <>
              {field.required && <Tag color="red">{t('field.required')}</Tag>}
              {field.unique && <Tag>{t('field.unique')}</Tag>}
              {field.ruleCode && <Tag color="blue">{field.ruleCode}</Tag>}
            </>
          ),
        },
      ]}
      data-testid="form-definition-preview"
    />
  );
}
