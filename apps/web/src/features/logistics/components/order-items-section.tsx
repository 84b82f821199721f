import { Button, Col, Flex, Form, Input, InputNumber, Row, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currencyFromMinor, isCurrency } from '@portal/shared/money';
import { formatMoney } from '../../../lib/format.ts';
import { checkQuantity, emptyItem, LIMITS, lineMinor, type ItemValues, type OrderFormValues } from '../order-rules.ts';
import { useOrderFormRules } from './order-form-rules.ts';
import { HALF, Section } from './order-form-section.tsx';

/** The products of an order (1..50), each with its line's subtotal. */
export function ItemsSection({ form }: { form: FormInstance<OrderFormValues> }) {
  const { t } = useTranslation('logistics');
  const { check, text, price } = useOrderFormRules();
  // the currency only: watching the lines here would redraw every line on each key typed in one
  const currency = Form.useWatch('currency', form) as unknown;
  return (
    <Section title={t('form.items')}>
      <Form.List
        name="items"
        rules={[
          {
            validator: (_rule, value: unknown[] | undefined) =>
              !value || value.length === 0
                ? Promise.reject(new Error(t('rules.itemsMin')))
                : value.length > LIMITS.itemsMax
                  ? Promise.reject(new Error(t('rules.itemsMax', { max: LIMITS.itemsMax })))
                  : Promise.resolve(),
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={12}>
            {fields.map((field, index) => {
              return (
                <div key={field.key} data-testid="order-item" style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '12px 12px 0' }}>
                  <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                    <Typography.Text strong>{t('item.index', { index: index + 1 })}</Typography.Text>
                    <Flex align="center" gap={8}>
                      <LineSubtotal form={form} name={field.name} />
                      <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={fields.length <= 1} onClick={() => remove(field.name)} aria-label={t('item.remove', { index: index + 1 })} />
                    </Flex>
                  </Flex>
                  <Row gutter={16}>
                    <Col xs={24} sm={12} lg={8}>
                      <Form.Item name={[field.name, 'name']} label={t('item.name')} required rules={[text(t('item.name'), LIMITS.itemName, true)]}>
                        <Input maxLength={LIMITS.itemName} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item name={[field.name, 'category']} label={t('item.category')} required rules={[text(t('item.category'), LIMITS.category, true)]}>
                        <Input maxLength={LIMITS.category} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={12} lg={4}>
                      <Form.Item name={[field.name, 'quantity']} label={t('item.quantity')} required rules={[check(t('item.quantity'), checkQuantity)]}>
                        <InputNumber min={1} max={LIMITS.quantityMax} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={12} lg={6}>
                      <Form.Item
                        name={[field.name, 'unitPrice']}
                        label={t('item.unitPrice')}
                        required
                        dependencies={['currency']}
                        rules={[({ getFieldValue }) => ({ validator: (_rule, value: unknown) => price(value, getFieldValue('currency'), t('item.unitPrice')) })]}
                      >
                        {/* always a suffix: adding one to a focused input would make it lose the focus */}
                        <Input inputMode="decimal" autoComplete="off" suffix={<span>{isCurrency(currency) ? currency : ''}</span>} />
                      </Form.Item>
                    </Col>
                    <Col {...HALF}>
                      <Form.Item name={[field.name, 'specifications']} label={t('item.specifications')} rules={[text(t('item.specifications'), LIMITS.specifications, false)]}>
                        <Input maxLength={LIMITS.specifications} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col {...HALF}>
                      <Form.Item name={[field.name, 'material']} label={t('item.material')} rules={[text(t('item.material'), LIMITS.material, false)]}>
                        <Input maxLength={LIMITS.material} autoComplete="off" />
                      </Form.Item>
                    </Col>
                  </Row>
                </div>
              );
            })}
            <Flex align="center" gap={12} wrap>
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= LIMITS.itemsMax} onClick={() => add(emptyItem())} data-testid="order-item-add">
                {t('item.add')}
              </Button>
              <Typography.Text type="secondary">{t('item.count', { count: fields.length, max: LIMITS.itemsMax })}</Typography.Text>
            </Flex>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Section>
  );
}

/** One line's unit price x quantity, watching that line alone. */
function LineSubtotal({ form, name }: { form: FormInstance<OrderFormValues>; name: number }) {
  const { t } = useTranslation('logistics');
  const item = Form.useWatch(['items', name], form) as ItemValues | undefined;
  const currency = Form.useWatch('currency', form) as unknown;
  const line = item ? lineMinor(item, currency) : null;
  if (line === null || !isCurrency(currency)) return null;
  return (
    <Typography.Text type="secondary">
      {t('item.subtotal')} {formatMoney(currencyFromMinor(line, currency))} {currency}
    </Typography.Text>
  );
}
