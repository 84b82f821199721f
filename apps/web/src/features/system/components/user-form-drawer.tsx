import { useEffect, useMemo } from 'react';
import { Checkbox, Col, Form, Input, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartIdNode } from '@portal/shared/system-departs';
import type { UserRecord } from '@portal/shared/system-users';
import { EditorDrawer } from '../../../components/editor-drawer.tsx';
import { check, formRules } from '../../../lib/form-rules.ts';
import { duplicateRule, REMOTE_CHECK_DEBOUNCE_MS } from '../../../lib/remote-checks.ts';
import { useSettled } from '../../../lib/use-settled.ts';
import { useDepartIdTree } from '../api/departs.ts';
import { useAllPositions } from '../api/positions.ts';
import { useAllRoles } from '../api/roles.ts';
import { useAddUser, useCheckOnlyUser, useEditUser } from '../api/users.ts';
import { currentOrgCode, emailProblem, passwordProblem, phoneProblem, usernameProblem } from '../user-form-rules.ts';
import { UserAvatarField } from './user-avatar-field.tsx';

type Values = {
  username: string;
  password: string;
  /** on add: the user changes the password the administrator chose at the next sign-in */
  passwordChangeRequired: boolean;
  realname: string;
  phone: string;
  email: string;
  workNo: string;
  avatar: string;
  departIds: number[];
  orgCode?: string;
  positionIds: number[];
  roleIds: number[];
};

const EMPTY: Values = { username: '', password: '', passwordChangeRequired: true, realname: '', phone: '', email: '', workNo: '', avatar: '', departIds: [], positionIds: [], roleIds: [] };

const valuesOf = (user: UserRecord): Values => ({
  ...EMPTY,
  username: user.username,
  realname: user.realname,
  phone: user.phone ?? '',
  email: user.email ?? '',
  workNo: user.workNo,
  avatar: user.avatar,
  departIds: user.departs.map((d) => d.id),
  orgCode: user.orgCode ?? undefined,
  positionIds: user.positions.map((p) => p.id),
  roleIds: user.roles.map((r) => r.id),
});

const flatten = (nodes: readonly DepartIdNode[]): DepartIdNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

/** The username as typed, checked against the server once typing pauses (add only: an edit keeps it). */
function useUsernameStatus(username: string, dataId: number | undefined, enabled: boolean) {
  const settled = useSettled(enabled ? username.trim() : '', 400);
  const valid = settled !== '' && usernameProblem(settled) === null;
  const query = useCheckOnlyUser(valid ? settled : '', dataId);
  if (!enabled || !valid) return { status: undefined, message: null };
  if (settled !== username.trim() || query.isFetching) return { status: 'validating' as const, message: null };
  if (query.data && !query.data.available) return { status: 'error' as const, message: query.data.message };
  return { status: query.data ? ('success' as const) : undefined, message: null };
}

/**
 * A user of the tenant: account (username checked as it is typed, password on add), person (name, phone,
 * email, work number, avatar) and place (departments with the current one, positions, roles).
 */
export function UserFormDrawer({ open, user, onClose }: { open: boolean; user: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation('system-users');
  const [form] = Form.useForm<Values>();
  const add = useAddUser();
  const edit = useEditUser();
  const rules = formRules(t);
  const departTree = useDepartIdTree();
  const positions = useAllPositions(open);
  const roles = useAllRoles();
  const username = (Form.useWatch('username', form) as string | undefined) ?? '';
  const watchedDeparts = Form.useWatch('departIds', form) as number[] | undefined;
  const usernameStatus = useUsernameStatus(username, user?.id, open && !user);

  const departs = useMemo(() => flatten(departTree.data ?? []), [departTree.data]);
  const chosen = useMemo(() => departs.filter((d) => (watchedDeparts ?? []).includes(d.value)), [departs, watchedDeparts]);

  useEffect(() => {
    if (open) form.setFieldsValue(user ? valuesOf(user) : EMPTY);
  }, [open, user, form]);

  // the current department follows the chosen ones: read from the form itself, for on opening the watched
  // value is still the previous one, and judged by it the user's current department looked unchosen and was
  // replaced by their first: an unchanged save moved it
  useEffect(() => {
    if (!open || departs.length === 0) return;
    const ids = (form.getFieldValue('departIds') as number[] | undefined) ?? [];
    const current = form.getFieldValue('orgCode') as string | undefined;
    const next = currentOrgCode(departs.filter((d) => ids.includes(d.value)), current);
    if (next !== current) form.setFieldValue('orgCode', next);
  }, [open, watchedDeparts, departs, form]);

  const problem = (test: (value: string) => string | null) => check((value) => {
    const key = test(value);
    return key ? t(`form.${key}` as 'form.usernameInvalid') : null;
  });

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || usernameStatus.status === 'error') return false;
    const fields = {
      realname: values.realname.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      workNo: values.workNo.trim(),
      avatar: values.avatar,
      departIds: values.departIds,
      orgCode: values.orgCode ?? '',
      positionIds: values.positionIds,
      roleIds: values.roleIds,
    };
    return (user ? edit.mutateAsync({ ...fields, id: user.id }) : add.mutateAsync({ ...fields, username: values.username.trim(), password: values.password, passwordChangeRequired: values.passwordChangeRequired })).then(
      () => true,
      () => false,
    );
  };

  return (
    <EditorDrawer
      open={open}
      onClose={onClose}
      size={720}
      title={user ? t('form.editTitle', { username: user.username }) : t('form.addTitle')}
      afterOpenChange={(visible) => {
        if (visible) return;
        form.resetFields();
        add.reset();
        edit.reset();
      }}
      saving={{ isPending: add.isPending || edit.isPending, error: add.error ?? edit.error }}
      onSave={save}
      saveTestId="user-form-save"
      submitForm="systemUser"
      data-testid="user-form"
    >
      <Form<Values> form={form} layout="vertical" name="systemUser">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('field.username')}
              required
              rules={user ? [] : [...rules.requiredText(t('field.username'), 32), problem(usernameProblem)]}
              hasFeedback={!user && usernameStatus.status !== undefined}
              validateStatus={usernameStatus.status === 'error' ? 'error' : usernameStatus.status}
              help={usernameStatus.message ?? (usernameStatus.status === 'validating' ? t('form.usernameChecking') : undefined)}
              extra={user ? undefined : t('form.usernameHint')}
            >
              <Input autoComplete="off" disabled={Boolean(user)} maxLength={64} data-testid="user-form-username" />
            </Form.Item>
          </Col>
          {!user && (
            <Col xs={24} md={12}>
              <Form.Item name="password" label={t('field.password')} required rules={[...rules.requiredText(t('field.password'), 64), problem(passwordProblem)]} extra={t('form.passwordHint')}>
                <Input.Password autoComplete="new-password" maxLength={64} data-testid="user-form-password" />
              </Form.Item>
              <Form.Item name="passwordChangeRequired" valuePropName="checked" style={{ marginTop: -8 }}>
                <Checkbox data-testid="user-form-password-change">{t('form.passwordChangeRequired')}</Checkbox>
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="realname" label={t('field.realname')} required rules={rules.requiredText(t('field.realname'), 100)}>
              <Input maxLength={100} data-testid="user-form-realname" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('field.phone')}
              // the server's duplicate check once typing pauses, after the form's own rule
              rules={[problem(phoneProblem), duplicateRule({ tableName: 'sys_user', fieldName: 'phone', dataId: user?.id })]}
              validateFirst
              validateDebounce={REMOTE_CHECK_DEBOUNCE_MS}
            >
              <Input inputMode="tel" maxLength={40} data-testid="user-form-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('field.email')}
              rules={[...rules.optionalText(t('field.email'), 255), problem(emailProblem), duplicateRule({ tableName: 'sys_user', fieldName: 'email', dataId: user?.id })]}
              validateFirst
              validateDebounce={REMOTE_CHECK_DEBOUNCE_MS}
            >
              <Input inputMode="email" maxLength={255} data-testid="user-form-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="workNo" label={t('field.workNo')} rules={rules.optionalText(t('field.workNo'), 32)}>
              <Input maxLength={32} data-testid="user-form-work-no" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="avatar" label={t('field.avatar')}>
              <UserAvatarField />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="departIds" label={t('field.departs')}>
              <TreeSelect
                multiple
                treeDefaultExpandAll
                treeData={departTree.data ?? []}
                loading={departTree.isPending}
                showSearch={{ treeNodeFilterProp: 'title' }}
                data-testid="user-form-departs"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="orgCode" label={t('field.orgCode')} extra={t('form.orgCodeHint')}>
              <Select options={chosen.map((d) => ({ value: d.orgCode, label: d.title }))} disabled={chosen.length === 0} data-testid="user-form-org-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="positionIds" label={t('field.positions')}>
              <Select
                mode="multiple"
                loading={positions.isPending}
                options={(positions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                optionFilterProp="label"
                data-testid="user-form-positions"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="roleIds" label={t('field.roles')}>
              <Select mode="multiple" loading={roles.isPending} options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))} optionFilterProp="label" data-testid="user-form-roles" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </EditorDrawer>
  );
}
