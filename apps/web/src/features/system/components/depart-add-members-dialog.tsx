import { useState } from 'react';
import { App, Flex, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepartNode } from '@portal/shared/system-departs';
import { ReportPickButton, USERS_PICKER } from '../../../components/report-pick-button.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { listUsers } from '../api/users.ts';
import { useAddDepartMembers } from '../api/departs.ts';

const userLabel = (username: string, realname: string | null) => (realname ? `${realname} (${username})` : username);
const uniqueOptions = (options: { value: number; label: string }[]) => [...new Map(options.map((option) => [option.value, option])).values()];

/** Adds users of the tenant to the department, picked by username or name, or from the list of users. */
export function DepartAddMembersDialog({ depart, onClose }: { depart: DepartNode | null; onClose: () => void }) {
  const { t } = useTranslation('system-departs');
  const { t: common } = useTranslation();
  const { message } = App.useApp();
  const add = useAddDepartMembers();
  const [typed, setTyped] = useState('');
  const username = useSettled(typed, 300);
  const [userIds, setUserIds] = useState<number[]>([]);
  // users picked from the list (the built-in user report), kept as options whatever the search shows
  const [picked, setPicked] = useState<{ value: number; label: string }[]>([]);
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
        setPicked([]);
        setTyped('');
        add.reset();
      }}
      destroyOnHidden
    >
      <ServerError error={add.error} />
      <Form layout="vertical">
        <Form.Item label={t('field.user')} htmlFor="depart-member-add-select">
          <Flex gap={8}>
            <Select
              id="depart-member-add-select"
              style={{ flex: 1, minWidth: 0 }}
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setTyped }}
              value={userIds}
              onChange={setUserIds}
              loading={users.isFetching}
              options={uniqueOptions([...picked, ...(users.data?.records ?? []).map((u) => ({ value: u.id, label: userLabel(u.username, u.realname) }))])}
              data-testid="depart-member-add-select"
            />
            <ReportPickButton
              config={USERS_PICKER}
              label={common('components.reportPicker.users')}
              onPick={(mapped) => {
                const chosen = mapped.map((user) => ({ value: Number(user.id), label: userLabel(user.username ?? '', user.realname ?? '') })).filter((user) => Number.isSafeInteger(user.value) && user.value > 0);
                setPicked((current) => uniqueOptions([...current, ...chosen]));
                setUserIds((current) => [...new Set([...current, ...chosen.map((user) => user.value)])]);
              }}
              testId="depart-member-pick"
            />
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
