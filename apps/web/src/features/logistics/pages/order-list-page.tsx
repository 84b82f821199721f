import { useTranslation } from 'react-i18next';
import { OrderList } from '../components/order-list.tsx';

/** The international logistics orders (menu logistics/international-order-list). */
export function OrderListPage() {
  // loads the area's texts before the list draws them (the toolkit reaches them as logistics:<key>)
  useTranslation('logistics');
  return <OrderList variant="orders" />;
}
