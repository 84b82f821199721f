import { Button, Divider, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Texts } from '@portal/shared/languages';
import { CHECK_RULE_CODE_PATTERN, CHECK_RULE_MESSAGE_MAX } from '@portal/shared/online-check-rules';
import { duplicateRule } from '../../../lib/remote-checks.ts';
import { useAddCheckRule, useEditCheckRule, type CheckRuleInput, type CheckRuleRecord } from '../api/check-rules.ts';
import { EditorDrawer, useFillOnOpen } from '../../../components/editor-drawer.tsx';
import { TitlesFields } from './titles-fields.tsx';
import { saveDefinition } from '../save-definition.ts';

const emptyTexts = (): Texts => ({ 'zh-TW': '', 'zh-CN': '', 'en-US': '' });
const trimmed = (texts: Texts): Texts => ({ 'zh-TW': texts['zh-TW'].trim(), 'zh-CN': texts['zh-CN'].trim(), 'en-US': texts['en-US'].trim() });

/** A pattern the browser cannot read is refused here; the server checks it again with its own engine (RE2). */
export function patternProblem(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return false;
  } catch {
    return true;
  }
}

/** Add or edit a check rule: its code (checked as typed), names, and the patterns with their messages. */
export function CheckRuleEditor({ open, rule, onClose }: { open: boolean; rule: CheckRuleRecord | null; onClose: () => void }) {
  const { t } = useTranslation('online-dev');
  const [form] = Form.useForm<CheckRuleInput>();
  const add = useAddCheckRule();
  const edit = useEditCheckRule();
  const saving = rule ? edit : add;

  useFillOnOpen(open, rule, form, [add, edit], () =>
    rule ? { ruleCode: rule.ruleCode, ruleName: { ...rule.ruleName }, rules: rule.rules.map((line) => ({ pattern: line.pattern, message: { ...line.message } })) } : { ruleCode: '', ruleName: emptyTexts(), rules: [{ pattern: '', message: emptyTexts() }] },
  );

  const save = () =>
    saveDefinition(form, {
      codeField: 'ruleCode',
      isNew: !rule,
      save: () => {
        const values = form.getFieldsValue(true) as CheckRuleInput;
        const input: CheckRuleInput = { ruleCode: values.ruleCode.trim(), ruleName: trimmed(values.ruleName), rules: values.rules.map((line) => ({ pattern: line.pattern, message: trimmed(line.message) })) };
        return rule ? edit.mutateAsync({ ...input, id: rule.id }) : add.mutateAsync(input);
      },
    });

  return (
    <EditorDrawer
      open={open}
      onClose={onClose}
      size={760}
      title={rule ? t('checkRule.editTitle', { code: rule.ruleCode }) : t('checkRule.addTitle')}
      saving={saving}
      onSave={save}
      saveTestId="check-rule-save"
      data-testid="check-rule-editor"
    >
      <Form<CheckRuleInput> form={form} layout="vertical" name="onlineCheckRule">
        <Form.Item
          name="ruleCode"
          label={t('checkRule.code')}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: t('rules.required', { label: t('checkRule.code') }) },
            { pattern: CHECK_RULE_CODE_PATTERN, message: t('rules.ruleCodeFormat') },
            duplicateRule({ tableName: 'sys_check_rule', fieldName: 'rule_code', dataId: rule?.id }),
          ]}
        >
          <Input maxLength={64} autoComplete="off" aria-label={t('checkRule.code')} data-testid="check-rule-code" />
        </Form.Item>
        <TitlesFields name="ruleName" label={t('checkRule.name')} testId="check-rule-name" required="zh-TW" />
        <Divider titlePlacement="start">{t('checkRule.patterns')}</Divider>
        <Typography.Paragraph type="secondary">{t('checkRule.patternHint')}</Typography.Paragraph>
        <Form.List
          name="rules"
          rules={[
            {
              validator: async (_rule, value: unknown[] | undefined) => {
                if (!value || value.length === 0) throw new Error(t('rules.patternsRequired'));
              },
            },
          ]}
        >
          {(fields, { add: addLine, remove }, { errors }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <div key={field.key} data-testid="check-rule-line" style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '8px 12px 0' }}>
                  <Flex justify="space-between" align="center">
                    <Typography.Text strong>{t('checkRule.line', { index: index + 1 })}</Typography.Text>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={fields.length <= 1} onClick={() => remove(index)} aria-label={t('common.remove')} />
                  </Flex>
                  <Form.Item
                    name={[field.name, 'pattern']}
                    label={t('checkRule.pattern')}
                    rules={[
                      { required: true, message: t('rules.required', { label: t('checkRule.pattern') }) },
                      { max: 500, message: t('rules.tooLong', { label: t('checkRule.pattern'), max: 500 }) },
                      {
                        validator: async (_rule, value: string | undefined) => {
                          if (value && patternProblem(value)) throw new Error(t('rules.patternInvalid'));
                        },
                      },
                    ]}
                  >
                    <Input maxLength={500} autoComplete="off" style={{ fontFamily: 'monospace' }} aria-label={`${t('checkRule.pattern')} ${index + 1}`} data-testid={`check-rule-pattern-${index}`} />
                  </Form.Item>
                  <TitlesFields name={[field.name, 'message']} label={t('checkRule.message')} testId={`check-rule-message-${index}`} compact required="zh-TW" max={CHECK_RULE_MESSAGE_MAX} />
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => addLine({ pattern: '', message: emptyTexts() })} data-testid="check-rule-add-line">
                {t('checkRule.addLine')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </EditorDrawer>
  );
}
