import { useState } from 'react';
import { App, Checkbox, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartMember, DepartNode } from '@portal/shared/system-departs';
import { ServerError } from '../../../components/server-error.tsx';
import { useDepartRoles, useDeptRolesOfUser, useSaveDeptRoleUser } from '../api/departs.ts';

/** Which of the department's roles a member holds (they grant while this is the member's current department). */
export function DepartMemberRolesDialog({ depart, member, onClose }: { depart: DepartNode; member: DepartMember | null; onClose: () => void }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const roles = useDepartRoles(member ? depart.id : undefined, 1, 200);
  const held = useDeptRolesOfUser(member?.id, member ? depart.id : undefined);
  const save = useSaveDeptRoleUser();
  // what the user changed; until then, what the server holds
  const [edited, setValue] = useState<number[] | null>(null);
  const value = edited ?? held.data ?? [];

  // the member's roles as the server has them: a save before they come (or after they failed) would send none
  const loaded = held.data !== undefined;
  const submit = () => {
    if (!member || !loaded) return;
    save.mutate(
      { userId: member.id, departId: depart.id, newRoleId: value, oldRoleId: held.data ?? [] },
      {
        onSuccess: () => {
          void message.success(t('done.saved'));
          onClose();
        },
      },
    );
  };

  const list = roles.data?.records ?? [];
  return (
    <Modal
      open={member !== null}
      title={member ? t('roles.userRoles', { name: member.realname || member.username }) : ''}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      onOk={submit}
      okButtonProps={{ disabled: !loaded }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      afterClose={() => {
        save.reset();
        setValue(null);
      }}
      destroyOnHidden
    >
      <ServerError error={save.error ?? held.error} />
      {roles.isPending || held.isPending ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('roles.noRoles')} />
      ) : (
        <Checkbox.Group
          value={value}
          onChange={(ids) => setValue(ids.map(Number))}
          options={list.map((role) => ({ value: role.id, label: <span data-testid={`depart-member-role-${role.roleCode}`}>{role.roleName}</span> }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      )}
    </Modal>
  );
}
