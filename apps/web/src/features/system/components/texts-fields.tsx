import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScriptConvertButton, type Script } from '../../../components/script-convert-button.tsx';

/**
 * A text in the three languages (zh-TW required, the others fall back to it when empty): three fields under
 * `name` ({ 'zh-TW', 'zh-CN', 'en-US' }), as the server's textsInput takes them.
 */
export function TextsFields({ name, label, testId }: { name: string; label: string; testId: string }) {
  const { t } = useTranslation('system-dicts');
  const form = Form.useFormInstance();
  // each Chinese field can be filled from the other, converted by the server
  const convertFrom = (to: Script, sibling: Script) => (
    <ScriptConvertButton
      to={to}
      from={() => form.getFieldValue([name, sibling]) as string | undefined}
      onConverted={(text) => {
        form.setFieldValue([name, to], text.slice(0, 100));
        void form.validateFields([[name, to]]);
      }}
      testId={`${testId}-${to}-convert`}
    />
  );
  return (
    <>
      <Form.Item
        name={[name, 'zh-TW']}
        label={`${label}（${t('common.zhTW')}）`}
        rules={[{ required: true, whitespace: true, message: t('common.required', { label }) }, { max: 100 }]}
        extra={convertFrom('zh-TW', 'zh-CN')}
      >
        <Input data-testid={`${testId}-zh-TW`} maxLength={100} />
      </Form.Item>
      <Form.Item name={[name, 'zh-CN']} label={`${label}（${t('common.zhCN')}）`} rules={[{ max: 100 }]} extra={convertFrom('zh-CN', 'zh-TW')}>
        <Input data-testid={`${testId}-zh-CN`} maxLength={100} />
      </Form.Item>
      <Form.Item name={[name, 'en-US']} label={`${label}（${t('common.enUS')}）`} rules={[{ max: 100 }]} extra={t('common.fallbackHint')}>
        <Input data-testid={`${testId}-en-US`} maxLength={100} />
      </Form.Item>
    </>
  );
}
