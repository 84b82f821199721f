import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepartNode } from '@portal/shared/system-departs';
import { ServerError } from '../../../components/server-error.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { listUsers } from '../api/users.ts';
import { useAddDepartMembers } from '../api/departs.ts';

/** Adds users of the tenant to the department, picked by username or name. */
export function DepartAddMembersDialog({ depart, onClose }: { depart: DepartNode | null; onClose: () => void }) {
  const { t } = useTranslation('system-departs');
  const { message } = App.useApp();
  const add = useAddDepartMembers();
  const [typed, setTyped] = useState('');
  const username = useSettled(typed, 300);
  const [userIds, setUserIds] = useState<number[]>([]);
  const users = useQuery({
    queryKey: ['sys', 'depart', 'candidates', username] as const,
    queryFn: ({ signal }) => listUsers({ pageNo: 1, pageSize: 20, ...(username ? { username } : {}) }, signal),
    enabled: depart !== null,
  });

  const submit = () => {
    if (!depart || userIds.length === 0) return;
    add.mutate(
      { depId: depart.id, userIdList: userIds },
      {
        onSuccess: () => {
          void message.success(t('done.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={depart !== null}
      title={t('action.addMembers')}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      onOk={submit}
      confirmLoading={add.isPending}
      onCancel={onClose}
      afterClose={() => {
        setUserIds([]);
        setTyped('');
        add.reset();
      }}
      destroyOnHidden
    >
      <ServerError error={add.error} />
      <Form layout="vertical">
        <Form.Item label={t('field.user')}>
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setTyped }}
            value={userIds}
            onChange={setUserIds}
            loading={users.isFetching}
            options={(users.data?.records ?? []).map((u) => ({ value: u.id, label: u.realname ? `${u.realname} (${u.username})` : u.username }))}
            data-testid="depart-member-add-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
