import { useTranslation } from 'react-i18next';
import { OrderList } from '../components/order-list.tsx';

/** The orders on their way, with their tracking (menu logistics/logistics-order-list). */
export function LogisticsOrderListPage() {
  // loads the area's texts before the list draws them (the toolkit reaches them as logistics:<key>)
  useTranslation('logistics');
  return <OrderList variant="logOrders" />;
}
