import { useState } from 'react';
import { App, Checkbox, Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyDepartMemberRecord } from '@portal/shared/system-org';
import { ServerError } from '../../../components/server-error.tsx';
import { useMyDepartRoles, useSetMemberRoles } from '../api/my-depart.ts';

/**
 * Gives a member exactly the checked roles of the department (the server refuses a role granting what the
 * user does not hold). Mounted for each opening, so it starts from the member's roles.
 */
export function MyDepartRolesDialog({ departId, member, onClose }: { departId: number; member: MyDepartMemberRecord; onClose: () => void }) {
  const { t } = useTranslation('system-org');
  const { message } = App.useApp();
  const roles = useMyDepartRoles(departId);
  const save = useSetMemberRoles();
  const [checked, setChecked] = useState<number[]>(member.roleIds);

  const submit = async () => {
    await save.mutateAsync({ departId, userId: member.id, roleIds: checked });
    message.success(t('common.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('myDepart.rolesTitle', { name: member.realname || member.username })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => submit().catch(() => undefined)}
      okButtonProps={{ id: 'my-depart-roles-save' }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <ServerError error={save.error} />
      {roles.data && roles.data.length === 0 ? (
        <Empty description={t('myDepart.noRoles')} />
      ) : (
        <Checkbox.Group
          value={checked}
          onChange={(values) => setChecked(values)}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
          data-testid="my-depart-roles"
        />
      )}
    </Modal>
  );
}
