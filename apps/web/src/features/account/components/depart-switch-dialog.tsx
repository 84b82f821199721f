import { useState } from 'react';
import { Alert, App, Form, Modal, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth.ts';
import { useCurrentUserDeparts, useSelectDepart } from '../api/departs.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** after the switch: the department's grants decide the menu, so the caller reloads permissions */
  onSwitched?: () => Promise<void> | void;
};

/**
 * Spec §2 "Dialogs", §4 and §5 "Department": the title names the current department; one must be
 * chosen (else the field shows its error state); on OK the user info is replaced by the server's.
 */
export function DepartSwitchDialog({ open, onClose, onSwitched }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const username = useAuth((state) => state.userInfo?.username);
  const setUserInfo = useAuth((state) => state.setUserInfo);
  const departs = useCurrentUserDeparts(open);
  const select = useSelectDepart();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [missing, setMissing] = useState(false);

  const list = departs.data?.list ?? [];
  const current = list.find((depart) => depart.orgCode === departs.data?.orgCode);
  const empty = departs.isSuccess && list.length === 0;

  const submit = () => {
    if (empty || departs.isError || !username) return onClose();
    if (!chosen) {
      setMissing(true);
      return;
    }
    select.mutate(
      { orgCode: chosen, username },
      {
        onSuccess: async ({ userInfo }) => {
          setUserInfo(userInfo);
          await onSwitched?.();
          // department-scoped data on every page (and this dialog's own list) is stale now
          await queryClient.invalidateQueries();
          message.success(t('account.depart.success', { name: list.find((depart) => depart.orgCode === chosen)?.departName ?? chosen }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={current ? t('account.depart.titleWithCurrent', { name: current.departName }) : t('account.depart.title')}
      okText={t('account.ok')}
      cancelText={t('account.cancel')}
      confirmLoading={select.isPending}
      okButtonProps={{ disabled: departs.isPending }}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => {
        setChosen(undefined);
        setMissing(false);
      }}
    >
      {departs.isPending && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {departs.isError && <Alert type="error" showIcon title={departs.error.message} />}
      {empty && <Alert type="warning" showIcon title={t('account.depart.none')} data-testid="no-departments" />}
      {departs.isSuccess && !empty && (
        <Form layout="vertical">
          <Form.Item label={t('account.depart.label')} htmlFor="depart-switch-depart" required validateStatus={missing ? 'error' : undefined} help={missing ? t('account.depart.required') : undefined}>
            <Select<string>
              id="depart-switch-depart"
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setMissing(false);
              }}
              placeholder={t('account.depart.placeholder')}
              options={list.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
              aria-label={t('account.depart.label')}
              data-testid="depart-select"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
