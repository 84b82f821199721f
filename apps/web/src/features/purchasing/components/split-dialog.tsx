import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PreOrderLineRecord, QueueDetail } from '@portal/shared/purchasing-schemas';
import { Money } from '../../../components/money.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useSplitPreOrder } from '../api/purchase-queue.ts';
import { addOrder, initialPlan, planOrders, planProblems, removeOrder, setQuantity, type DraftOrder } from '../split-plan.ts';

/**
 * "Create purchase orders": the pre-order's lines grouped by seller, one purchase order each to start
 * with; a seller's goods may be shared over further orders. Sent only when every line is shared out exactly.
 */
export function SplitDialog({ preOrder, onClose }: { preOrder: QueueDetail; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const split = useSplitPreOrder();
  const [plan, setPlan] = useState<DraftOrder[]>(() => initialPlan(preOrder.lines));
  const problems = useMemo(() => planProblems(preOrder.lines, plan), [preOrder.lines, plan]);
  const linesOf = (sellerId: string) => preOrder.lines.filter((line) => line.sellerId === sellerId);

  const submit = () => {
    if (problems.length > 0) return;
    split.mutate(
      { tenantId: preOrder.tenantId, id: preOrder.id, orders: planOrders(plan) },
      {
        onSuccess: (detail) => {
          message.success(t('split.created', { count: detail.purchaseOrders.length }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('split.title', { preOrderNo: preOrder.preOrderNo })}
      okText={t('common.submit')}
      cancelText={t('common.back')}
      okButtonProps={{ disabled: problems.length > 0 }}
      confirmLoading={split.isPending}
      onOk={submit}
      onCancel={onClose}
      width={820}
    >
      <ServerError error={split.error} />
      <Typography.Paragraph type="secondary">{t('split.hint')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        {plan.map((order, index) => {
          const sellerOrders = plan.filter((other) => other.sellerId === order.sellerId).length;
          return (
            <Card
              key={order.key}
              size="small"
              data-testid="split-order"
              title={`${t('split.order', { index: index + 1 })} · ${t('line.seller')} ${order.sellerId}`}
              extra={
                <Space>
                  <Button size="small" onClick={() => setPlan(addOrder(plan, order.sellerId))} data-testid={`split-add-${order.sellerId}`}>
                    {t('split.addOrder', { seller: order.sellerId })}
                  </Button>
                  {sellerOrders > 1 && (
                    <Button size="small" danger onClick={() => setPlan(removeOrder(plan, order.key))}>
                      {t('split.removeOrder')}
                    </Button>
                  )}
                </Space>
              }
            >
              <Table<PreOrderLineRecord>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={linesOf(order.sellerId)}
                columns={[
                  { title: t('line.title'), dataIndex: 'title', ellipsis: true },
                  { title: t('line.sku'), dataIndex: 'skuText', width: 140, ellipsis: true },
                  { title: t('line.unitPrice'), dataIndex: 'unitPrice', width: 110, align: 'right', render: (value: string) => <Money amount={value} currency="CNY" /> },
                  { title: t('line.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
                  {
                    title: t('split.order', { index: index + 1 }),
                    key: 'take',
                    width: 120,
                    render: (_, line) => (
                      <InputNumber
                        size="small"
                        min={0}
                        max={line.quantity}
                        precision={0}
                        value={order.quantities[line.id] ?? 0}
                        aria-label={`${t('split.order', { index: index + 1 })} ${line.lineNo}`}
                        onChange={(value) => setPlan(setQuantity(plan, order.key, line.id, Number(value ?? 0)))}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          );
        })}
      </Flex>
      {problems.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          data-testid="split-problems"
          title={problems.map((problem) => (problem.left > 0 ? t('split.uncovered', { lineNo: problem.lineNo, left: problem.left }) : t('split.over', { lineNo: problem.lineNo, over: -problem.left }))).join('；')}
        />
      )}
    </Modal>
  );
}
