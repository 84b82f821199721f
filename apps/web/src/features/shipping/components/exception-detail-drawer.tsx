import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailStates } from '../../../components/detail-states.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useException } from '../api/exceptions.ts';

/** One exception as the server has it now (queryById): what is wrong, and who said what. */
export function ExceptionDetailDrawer({ exceptionId, onClose }: { exceptionId: number | null; onClose: () => void }) {
  const { t } = useTranslation('shipping');
  const query = useException(exceptionId);
  const exception = query.data;
  return (
    <Drawer open={exceptionId !== null} onClose={onClose} size={640} title={exception ? t('exception.detailTitle', { exceptionNo: exception.exceptionNo }) : t('common.detail')} destroyOnHidden>
      <DetailStates pending={query.isPending && exceptionId !== null} failed={query.isError} onRetry={() => void query.refetch()} />
      {exception && (
        <Descriptions
          size="small"
          bordered
          column={1}
          data-testid="exception-detail"
          items={[
            { key: 'exceptionNo', label: t('exception.exceptionNo'), children: exception.exceptionNo },
            { key: 'orderNo', label: t('exception.orderNo'), children: exception.orderNo },
            { key: 'type', label: t('exception.type'), children: <DictTag code="CollectionExceptionType" value={exception.type} /> },
            { key: 'status', label: t('exception.status'), children: <DictTag code="CollectionOrderExceptionConstant" value={exception.status} /> },
            { key: 'description', label: t('exception.description'), children: exception.description },
            { key: 'platformRemark', label: t('exception.platformRemark'), children: exception.platformRemark },
            { key: 'resolution', label: t('exception.resolution'), children: <DictTag code="ExceptionResolution" value={exception.resolution} /> },
            { key: 'merchantRemark', label: t('exception.merchantRemark'), children: exception.merchantRemark },
            { key: 'dealtAt', label: t('exception.dealtAt'), children: formatDateTime(exception.dealtAt) },
            { key: 'createdAt', label: t('common.createdAt'), children: formatDateTime(exception.createdAt) },
          ]}
        />
      )}
    </Drawer>
  );
}
