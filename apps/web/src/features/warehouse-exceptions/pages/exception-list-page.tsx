import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExceptionStatusFilter } from '@portal/shared/logistics';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { listPlatformExceptions, PLATFORM_EXCEPTION_LIST_KEY, type PlatformException } from '../api/exceptions.ts';
import { ExceptionMoveDialog, type MoveRequest } from '../components/exception-move-dialog.tsx';
import { RegisterExceptionDialog } from '../components/register-exception-dialog.tsx';
import { ADD_PERMISSION, movesFrom, UPDATE_PERMISSION, type PlatformMove } from '../exception-moves.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

const OPEN_EXCEPTIONS: ExceptionStatusFilter = 'OPEN';

/** The search parameter that opens the register form for an order (the receive screen links with it). */
export const REGISTER_PARAM = 'register';

const MOVE_BUTTONS: readonly { move: PlatformMove; text: 'move.ask' | 'move.close' | 'move.cancel'; testId: string; danger?: boolean }[] = [
  { move: '2', text: 'move.ask', testId: 'exception-ask' },
  { move: '3', text: 'move.close', testId: 'exception-close' },
  { move: '4', text: 'move.cancel', testId: 'exception-cancel', danger: true },
];

function MoveActions({ exception, onMove }: { exception: PlatformException; onMove: (request: MoveRequest) => void }) {
  const { t } = useTranslation('exceptions');
  const allowed = movesFrom(exception.status);
  if (allowed.length === 0) return null;
  return (
    <Access code={UPDATE_PERMISSION}>
      <Space size={0}>
        {MOVE_BUTTONS.filter((button) => allowed.includes(button.move)).map((button) => (
          <Button key={button.move} type="link" size="small" danger={button.danger} onClick={() => onMove({ exception, move: button.move })} data-testid={button.testId}>
            {t(button.text)}
          </Button>
        ))}
      </Space>
    </Access>
  );
}

function exceptionList(onMove: (request: MoveRequest) => void): ListPageConfig<PlatformException> {
  return {
    id: 'warehouse-exception',
    rowKey: 'id',
    queryKey: PLATFORM_EXCEPTION_LIST_KEY,
    fetcher: listPlatformExceptions,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'orderNo', label: textKey('exceptions', 'field.orderNo'), type: 'input' },
      // 'OPEN': pending or awaiting the merchant, what the home page's figure counts and links to (?status=OPEN)
      { name: 'status', label: textKey('exceptions', 'field.status'), type: 'dict', dict: 'CollectionOrderExceptionConstant', extraOptions: [{ value: OPEN_EXCEPTIONS, label: textKey('exceptions', 'field.openStatuses') }] },
      { name: 'type', label: textKey('exceptions', 'field.type'), type: 'dict', dict: 'CollectionExceptionType' },
      // the server filters on the tenant's id, not its name
      tenantQueryField(textKey('exceptions', 'common.tenant'), true),
      { name: 'createdAt', label: textKey('exceptions', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'exceptionNo', phone: true, title: textKey('exceptions', 'field.exceptionNo'), fixed: 'left', width: 170 },
      { dataIndex: 'tenantName', title: textKey('exceptions', 'common.tenant'), width: 140 },
      { dataIndex: 'orderNo', title: textKey('exceptions', 'field.orderNo'), width: 170 },
      { dataIndex: 'type', title: textKey('exceptions', 'field.type'), dict: 'CollectionExceptionType', width: 130 },
      { dataIndex: 'status', phone: true, title: textKey('exceptions', 'field.status'), dict: 'CollectionOrderExceptionConstant', width: 170 },
      { dataIndex: 'description', title: textKey('exceptions', 'field.description'), format: 'ellipsis', width: 220 },
      { dataIndex: 'resolution', title: textKey('exceptions', 'field.resolution'), dict: 'ExceptionResolution', width: 130 },
      { dataIndex: 'merchantRemark', title: textKey('exceptions', 'field.merchantRemark'), format: 'ellipsis', width: 180 },
      { dataIndex: 'platformRemark', title: textKey('exceptions', 'field.platformRemark'), format: 'ellipsis', width: 180 },
      { dataIndex: 'createdAt', title: textKey('exceptions', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { dataIndex: 'dealtAt', title: textKey('exceptions', 'field.dealtAt'), format: 'dateTime', width: 170 },
      { key: 'actions', phone: true, title: textKey('exceptions', 'common.actions'), fixed: 'right', width: 230, render: (exception) => <MoveActions exception={exception} onMove={onMove} /> },
    ],
  };
}

/**
 * Collection-order exceptions of every merchant (platform): the warehouse registers what it found
 * wrong with an order's goods, asks the merchant to decide ('2'), and closes ('3') or cancels ('4')
 * it; the merchant answers on its own screen (/logistics/collection-exception). Each row offers only
 * the moves the server accepts from its status.
 */
export function PlatformExceptionListPage() {
  const { t } = useTranslation('exceptions');
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedOrderNo = searchParams.get(REGISTER_PARAM);
  const [registering, setRegistering] = useState(false);
  const [moving, setMoving] = useState<MoveRequest | null>(null);
  const config = useMemo(() => exceptionList(setMoving), []);

  const closeRegister = () => {
    setRegistering(false);
    // a reload does not open the form again
    if (linkedOrderNo !== null) {
      // only that parameter: the list's filters in the URL stay
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(REGISTER_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };

  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Access code={ADD_PERMISSION}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)} data-testid="exception-register">
              {t('register.button')}
            </Button>
          </Access>
        }
      />
      <Access code={ADD_PERMISSION}>
        <RegisterExceptionDialog open={registering || linkedOrderNo !== null} orderNo={linkedOrderNo ?? undefined} onClose={closeRegister} />
      </Access>
      <ExceptionMoveDialog request={moving} onClose={() => setMoving(null)} />
    </Card>
  );
}
