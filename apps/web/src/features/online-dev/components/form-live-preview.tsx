import { useMemo } from 'react';
import { Divider, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../../../components/online-form/form-renderer.tsx';
import { previewDefinition, type FormValues } from '../form-rules.ts';
import { FormDefinitionPreview } from './form-definition-preview.tsx';

/** The form as its users will see it (the shared renderer, enhancements live), then its fields as a table. */
export function FormLivePreview({ values }: { values: FormValues }) {
  const { t } = useTranslation('online-dev');
  const [form] = Form.useForm();
  const definition = useMemo(() => previewDefinition(values), [values]);
  return (
    <div data-testid="form-live-preview">
      <Typography.Paragraph type="secondary">{t('form.previewHint')}</Typography.Paragraph>
      {definition.fields.length > 0 && <FormRenderer key={JSON.stringify(definition)} definition={definition} form={form} />}
      <Divider />
      <FormDefinitionPreview fields={values.fields} />
    </div>
  );
}
