import { Col, Form, Input, Row } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared/languages';

/**
 * A text in the three languages: three inputs side by side. A form's or report's titles need all three (the
 * server's onlineTitles); a check rule's name and messages only zh-TW, the others falling back to it when
 * empty (the server's textsInput), so a rule stored that way is saved again as it is. `compact` (no labels,
 * the names in placeholders) puts the three one under another: side by side, a placeholder with its hint
 * was cut in every language.
 */
export function TitlesFields({ name, label, testId, compact = false, required = 'all', max = 100 }: { name: NamePath; label: string; testId: string; compact?: boolean; required?: 'all' | 'zh-TW'; max?: number }) {
  const { t } = useTranslation('online-dev');
  const path = Array.isArray(name) ? name : [name];
  return (
    <Row gutter={8}>
      {LANGUAGES.map((language) => {
        const named = t('inLanguage', { label, language: t(`languages.${language}`) });
        const optional = required === 'zh-TW' && language !== 'zh-TW';
        return (
          <Col key={language} xs={24} sm={compact ? 24 : 8}>
            <Form.Item
              name={[...path, language]}
              label={compact ? undefined : named}
              rules={[
                ...(optional ? [] : [{ required: true, whitespace: true, message: t('rules.required', { label: named }) }]),
                { max, message: t('rules.tooLong', { label, max }) },
              ]}
              extra={optional && !compact ? t('fallsBack') : undefined}
              style={compact ? { marginBottom: 8 } : undefined}
            >
              <Input maxLength={max} placeholder={compact ? (optional ? `${named} · ${t('fallsBack')}` : named) : undefined} aria-label={named} data-testid={`${testId}-${language}`} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
