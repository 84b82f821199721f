import type { DictOption } from '@portal/shared/sys';
import { dictOption as option, signIn } from '../../../test/fixtures.ts';

/** The dictionaries the shipping screens read, in English, as cached at sign-in. */
const DICTIONARIES: Record<string, DictOption[]> = {
  CollectionOrderExceptionConstant: [option('0', 'Pending'), option('1', 'Handled'), option('2', 'Awaiting merchant reply'), option('3', 'Closed'), option('4', 'Cancelled')],
  CollectionExceptionType: [option('DAMAGED', 'Damaged goods'), option('OTHER', 'Other')],
  ExceptionResolution: [option('CONTINUE', 'Ship as is'), option('RESHIP', 'Send again'), option('RETURN', 'Return to merchant'), option('DESTROY', 'Destroy')],
  COLOrderStatusEnum: [
    option('WAIT_PREPARE_GOODS', 'Waiting to prepare goods'),
    option('WAIT_TAKE_GOODS', 'Waiting for pick-up'),
    option('WAIT_CONFIRM_TAKE', 'Pick-up awaiting confirmation'),
    option('FINISH_TAKE_GOODS', 'Pick-up completed'),
  ],
  OrderStatus: [option('CREATED', 'Created'), option('WAIT_COLLECT', 'Awaiting collection')],
  CountryType: [option('TW', 'Taiwan'), option('JP', 'Japan'), option('US', 'United States')],
  ServiceType: [option('BASE', 'Basic'), option('FULL_LINK', 'Full link'), option('HALF_LINK', 'Half link')],
  Currency: [option('CNY', 'Chinese Yuan'), option('JPY', 'Japanese Yen'), option('USD', 'US Dollar')],
  ParcelStatus: [option('FORECAST', 'Forecast'), option('IN_WAREHOUSE', 'In warehouse'), option('SHIPPED', 'Shipped out')],
  LogisticsWarehouse: [option('SZ01', 'Shenzhen warehouse')],
};

/** Signed in with these button codes and the dictionaries above. */
export const signInWith = (codes: readonly string[]) => signIn(codes, DICTIONARIES);
