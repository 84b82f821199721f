import { Button, Col, Divider, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENHANCEMENT_ACTIONS, ENHANCEMENT_CONDITIONS, FORM_ENHANCEMENTS_MAX } from '@portal/shared/online';
import { emptyEnhancement, fieldRefProblem, type FormFieldValues, type FormValues } from '../form-rules.ts';
import { problemRule } from './problem-rule.ts';

/** "When field X is … then show / hide / require / set field Y": the form's enhancements, data only. */
export function FormEnhancementsSection() {
  const { t } = useTranslation('online-dev');
  const form = Form.useFormInstance<FormValues>();
  const fields = (Form.useWatch('fields', form) as FormFieldValues[] | undefined) ?? [];
  const keys = [...new Set(fields.map((field) => field.key?.trim()).filter(Boolean))].map((key) => ({ value: key, label: key }));
  const known = problemRule((key) => {
    const problem = fieldRefProblem((form.getFieldValue('fields') as FormFieldValues[] | undefined) ?? [], key as string | undefined);
    return problem ? t(`rules.${problem as 'unknownField'}`) : null;
  });
  return (
    <>
      <Divider titlePlacement="start">{t('form.enhancements')}</Divider>
      <Form.List name="enhancements">
        {(items, { add, remove }) => (
          <Flex vertical gap={8}>
            {items.map((item, index) => (
              <div key={item.key} data-testid="form-enhancement" style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '8px 12px 0' }}>
                <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                  <Typography.Text strong>{t('enhancement.index', { index: index + 1 })}</Typography.Text>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={t('common.remove')} />
                </Flex>
                <Row gutter={8}>
                  <Col xs={24} sm={2}>
                    <Typography.Text strong style={{ lineHeight: '32px' }}>{t('enhancement.when')}</Typography.Text>
                  </Col>
                  <Col xs={24} sm={8}>
                    <Form.Item name={[item.name, 'when', 'field']} dependencies={['fields']} rules={[{ required: true, message: t('rules.choose', { label: t('enhancement.target') }) }, known]}>
                      <Select options={keys} placeholder={t('enhancement.target')} aria-label={t('enhancement.target')} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6}>
                    <Form.Item name={[item.name, 'when', 'condition']}>
                      <Select options={ENHANCEMENT_CONDITIONS.map((value) => ({ value, label: t(`conditions.${value}`) }))} aria-label={t('enhancement.condition')} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={8}>
                    <Form.Item name={[item.name, 'when', 'value']} rules={[{ max: 255, message: t('rules.tooLong', { label: t('enhancement.value'), max: 255 }) }]}>
                      <Input maxLength={255} placeholder={t('enhancement.value')} autoComplete="off" />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.List name={[item.name, 'then']}>
                  {(steps, { add: addStep, remove: removeStep }) => (
                    <>
                      {steps.map((step, at) => (
                        <Row key={step.key} gutter={8}>
                          <Col xs={24} sm={2}>
                            {at === 0 && <Typography.Text strong style={{ lineHeight: '32px' }}>{t('enhancement.then')}</Typography.Text>}
                          </Col>
                          <Col xs={12} sm={6}>
                            <Form.Item name={[step.name, 'action']}>
                              <Select options={ENHANCEMENT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))} aria-label={t('enhancement.action')} />
                            </Form.Item>
                          </Col>
                          <Col xs={12} sm={8}>
                            <Form.Item name={[step.name, 'field']} dependencies={['fields']} rules={[{ required: true, message: t('rules.choose', { label: t('enhancement.target') }) }, known]}>
                              <Select options={keys} placeholder={t('enhancement.target')} aria-label={t('enhancement.target')} />
                            </Form.Item>
                          </Col>
                          <Col xs={20} sm={6}>
                            <Form.Item name={[step.name, 'value']} rules={[{ max: 255, message: t('rules.tooLong', { label: t('enhancement.value'), max: 255 }) }]}>
                              <Input maxLength={255} placeholder={t('enhancement.value')} autoComplete="off" />
                            </Form.Item>
                          </Col>
                          <Col xs={4} sm={2}>
                            <Button type="text" danger icon={<DeleteOutlined />} disabled={steps.length <= 1} onClick={() => removeStep(at)} aria-label={t('common.remove')} />
                          </Col>
                        </Row>
                      ))}
                      <Button size="small" type="link" icon={<PlusOutlined />} disabled={steps.length >= 20} onClick={() => addStep({ action: 'show', field: '', value: '' })} style={{ marginBottom: 8 }}>
                        {t('enhancement.addAction')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={items.length >= FORM_ENHANCEMENTS_MAX} onClick={() => add(emptyEnhancement())} data-testid="form-enhancement-add">
              {t('enhancement.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
