import { Button, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FIELD_KEY_PATTERN, FORM_FIELD_TYPES, FORM_TEXTAREA_MAX, type FormFieldType } from '@portal/shared/online';
import { onlineMessages } from '@portal/shared/messages-online';
import { useLanguage } from '../../../lib/i18n.ts';
import { DictCodeSelect } from '../../../components/dict-code-select.tsx';
import { boundProblem, dictProblem, DICT_TYPES, keyProblem, NUMBER_TYPES, popupProblem, rangeProblem, TEXT_TYPES, type FormFieldValues, type FormProblem } from '../form-rules.ts';
import { problemRule } from './problem-rule.ts';
import { TitlesFields } from './titles-fields.tsx';

export type Choice = { value: string; label: string };

/** One field of a form: its key, titles, type and the settings of that type, its checks and its place. */
export function FormFieldBlock({ name, index, count, move, remove, reports, checkRules }: { name: number; index: number; count: number; move: (from: number, to: number) => void; remove: (index: number) => void; reports: Choice[]; checkRules: Choice[] }) {
  const { t } = useTranslation('online-dev');
  const language = useLanguage();
  const form = Form.useFormInstance();
  const type = (Form.useWatch(['fields', name, 'type'], form) as FormFieldType | undefined) ?? 'text';
  const allFields = () => (form.getFieldValue('fields') as FormFieldValues[] | undefined) ?? [];
  const say = (problem: FormProblem | null) => {
    if (!problem) return null;
    // the spec's own words for the two popup failures (packages/shared/src/messages-online.ts)
    if (problem === 'popupConfigMissing' || problem === 'popupConfigMismatch') return onlineMessages[problem][language];
    return t(`rules.${problem}`);
  };
  const path = (key: string) => ['fields', name, key];
  return (
    <div data-testid="form-field" style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '8px 12px 0' }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('field.index', { index: index + 1 })}</Typography.Text>
        <Flex gap={4}>
          <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('common.moveUp')} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={t('common.moveDown')} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={count <= 1} onClick={() => remove(index)} aria-label={t('common.remove')} />
        </Flex>
      </Flex>
      <Row gutter={8}>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[name, 'key']}
            label={t('field.key')}
            rules={[
              { required: true, whitespace: true, message: t('rules.required', { label: t('field.key') }) },
              { pattern: FIELD_KEY_PATTERN, message: t('rules.fieldKeyFormat') },
              problemRule(() => say(keyProblem(allFields(), index))),
            ]}
          >
            <Input maxLength={40} autoComplete="off" aria-label={`${t('field.key')} ${index + 1}`} data-testid={`form-field-key-${index}`} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name={[name, 'type']} label={t('field.type')}>
            <Select options={FORM_FIELD_TYPES.map((value) => ({ value, label: t(`fieldTypes.${value}`) }))} data-testid={`form-field-type-${index}`} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={4}>
          <Form.Item name={[name, 'span']} label={t('field.span')}>
            <Select options={([24, 12, 8] as const).map((value) => ({ value, label: t(`spans.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item label=" ">
            <Space wrap size={4}>
              {(['required', 'unique', 'listed', 'queryable'] as const).map((flag) => (
                <Form.Item key={flag} name={[name, flag]} valuePropName="checked" noStyle>
                  <Checkbox>{t(`field.${flag}`)}</Checkbox>
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
        </Col>
      </Row>
      <TitlesFields name={[name, 'titles']} label={t('common.title')} testId={`form-field-${index}-title`} compact />
      <Row gutter={8}>
        {TEXT_TYPES.includes(type) && (
          <Col xs={12} sm={6}>
            <Form.Item name={[name, 'maxLength']} label={t('field.maxLength')}>
              <InputNumber min={1} max={FORM_TEXTAREA_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        {NUMBER_TYPES.includes(type) && (
          <>
            <Col xs={12} sm={5}>
              <Form.Item name={[name, 'min']} label={t('field.min')} rules={[problemRule((value) => say(boundProblem(value as string | undefined)))]}>
                <Input maxLength={30} inputMode="decimal" autoComplete="off" aria-label={`${t('field.min')} ${index + 1}`} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={5}>
              <Form.Item
                name={[name, 'max']}
                label={t('field.max')}
                dependencies={[path('min')]}
                rules={[problemRule((value) => say(boundProblem(value as string | undefined) ?? rangeProblem(form.getFieldValue(path('min')) as string, value as string)))]}
              >
                <Input maxLength={30} inputMode="decimal" autoComplete="off" aria-label={`${t('field.max')} ${index + 1}`} />
              </Form.Item>
            </Col>
            {type === 'number' && (
              <Col xs={12} sm={4}>
                <Form.Item name={[name, 'scale']} label={t('field.scale')}>
                  <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
          </>
        )}
        {DICT_TYPES.includes(type) && (
          <Col xs={12} sm={6}>
            <Form.Item name={[name, 'dictCode']} label={t('field.dict')} dependencies={[path('type')]} rules={[problemRule((value) => say(dictProblem(type, value as string | undefined)))]}>
              <DictCodeSelect aria-label={`${t('field.dict')} ${index + 1}`} data-testid={`form-field-dict-${index}`} />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} sm={6}>
          <Form.Item name={[name, 'ruleCode']} label={t('field.ruleCode')}>
            <Select allowClear options={checkRules} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name={[name, 'defaultValue']} label={t('field.defaultValue')} rules={[{ max: 255, message: t('rules.tooLong', { label: t('field.defaultValue'), max: 255 }) }]}>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {type === 'popup' && (
        <Row gutter={8} data-testid={`form-field-popup-${index}`}>
          <Col xs={24} sm={6}>
            <Form.Item
              name={[name, 'popup', 'reportCode']}
              label={t('field.reportCode')}
              dependencies={[path('type'), ['fields', name, 'popup', 'originalFields'], ['fields', name, 'popup', 'targetFields']]}
              rules={[problemRule(() => say(popupProblem(allFields(), form.getFieldValue(['fields', name, 'popup']) as FormFieldValues['popup'])))]}
            >
              <Select allowClear options={reports} showSearch={{ optionFilterProp: 'label' }} aria-label={`${t('field.reportCode')} ${index + 1}`} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={7}>
            <Form.Item name={[name, 'popup', 'originalFields']} label={t('field.originalFields')} extra={t('field.originalFieldsHint')}>
              <Input maxLength={400} autoComplete="off" aria-label={`${t('field.originalFields')} ${index + 1}`} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={7}>
            <Form.Item name={[name, 'popup', 'targetFields']} label={t('field.targetFields')} extra={t('field.targetFieldsHint')}>
              <Input maxLength={400} autoComplete="off" aria-label={`${t('field.targetFields')} ${index + 1}`} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={4}>
            <Form.Item name={[name, 'popup', 'multi']} label={t('field.multi')} valuePropName="checked">
              <Checkbox />
            </Form.Item>
          </Col>
        </Row>
      )}
    </div>
  );
}
