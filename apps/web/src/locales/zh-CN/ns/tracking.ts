import { ORDER_STATUSES, ORDER_STATUS_TEXTS, type OrderStatus } from '@portal/shared/order-status';
import type { resources as source } from '../../zh-TW/ns/tracking.ts';

export const resources: typeof source = {
  title: '物流追踪',
  form: {
    label: '追踪单号',
    hint: '包裹追踪号、运单号或订单号，每行一个或以逗号分隔，一次最多 {{max}} 个',
    placeholder: '例如 LO26011500000001',
    count: '{{count}} / {{max}} 个单号',
    submit: '查询',
    required: '请输入至少一个单号',
    tooMany: '一次最多查询 {{max}} 个单号，当前有 {{count}} 个',
    tooLong: '单号「{{number}}」过长，最多 {{max}} 个字符',
  },
  searching: '查询中…',
  failed: '查询失败，请稍后再试',
  summary: '共 {{total}} 个单号：找到 {{found}} 个，未找到 {{missing}} 个',
  jumpTo: '查询结果一览',
  result: {
    number: '单号 {{number}}',
    orderNo: '订单号',
    status: '当前状态',
    destination: '目的地',
    lastUpdate: '最后更新',
    milestones: '运输进度',
    timeline: '物流轨迹',
    noEvents: '暂无物流轨迹',
  },
  milestone: { reached: '已完成', current: '当前状态', ahead: '尚未到达' },
  notFound: {
    title: '查无此单号',
    description: '请确认单号是否正确。刚创建的订单可能需要稍后才能查到。',
  },
  exception: {
    CANCEL: { title: '此订单已取消', description: '订单在入库前已取消，包裹不会寄出。如有疑问，请联系寄件商家。' },
    RETURN: { title: '包裹退回中', description: '包裹正在退回寄件商家。如有疑问，请联系寄件商家。' },
    LOST: { title: '包裹丢失', description: '包裹已登记为丢失，寄件商家将与您联系后续处理。' },
  },
  status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, ORDER_STATUS_TEXTS[status]['zh-CN']])) as Record<OrderStatus, string>,
};
