import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { useAddMember, useMemberCandidates } from '../api/my-depart.ts';

/**
 * Adds a user of the tenant to a department the user leads: picked by username or name from those not in
 * it yet. Mounted for each opening, so it starts empty.
 */
export function MyDepartAddMemberDialog({ depart, onClose }: { depart: { id: number; departName: string }; onClose: () => void }) {
  const { t } = useTranslation('system-org');
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed, 300);
  const [userId, setUserId] = useState<number | null>(null);
  const candidates = useMemberCandidates(depart.id, keyword);
  const add = useAddMember();

  const submit = async () => {
    if (userId === null) return;
    await add.mutateAsync({ departId: depart.id, userId });
    message.success(t('common.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('myDepart.addMemberTitle', { name: depart.departName })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => submit().catch(() => undefined)}
      okButtonProps={{ disabled: userId === null, id: 'my-depart-add-member-save' }}
      confirmLoading={add.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <ServerError error={add.error} />
      <Form layout="vertical">
        <Form.Item label={t('myDepart.user')} htmlFor="my-depart-member-user" required>
          <Select
            id="my-depart-member-user"
            showSearch={{ filterOption: false, onSearch: setTyped }}
            value={userId ?? undefined}
            onChange={(value: number) => setUserId(value)}
            placeholder={t('myDepart.userPlaceholder')}
            loading={candidates.isFetching}
            options={(candidates.data ?? []).map((user) => ({ value: user.id, label: user.realname ? `${user.realname} (${user.username})` : user.username }))}
            data-testid="my-depart-candidate"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
