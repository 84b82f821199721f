import { Col, Form, Input, Row } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared/languages';

/** A title in the three languages, each required (the server's onlineTitles): three inputs side by side. */
export function TitlesFields({ name, label, testId, compact = false }: { name: NamePath; label: string; testId: string; compact?: boolean }) {
  const { t } = useTranslation('online-dev');
  const path = Array.isArray(name) ? name : [name];
  return (
    <Row gutter={8}>
      {LANGUAGES.map((language) => {
        const named = t('inLanguage', { label, language: t(`languages.${language}`) });
        return (
          <Col key={language} xs={24} sm={8}>
            <Form.Item
              name={[...path, language]}
              label={compact ? undefined : named}
              rules={[
                { required: true, whitespace: true, message: t('rules.required', { label: named }) },
                { max: 100, message: t('rules.tooLong', { label, max: 100 }) },
              ]}
              style={compact ? { marginBottom: 8 } : undefined}
            >
              <Input maxLength={100} placeholder={compact ? named : undefined} aria-label={named} data-testid={`${testId}-${language}`} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
