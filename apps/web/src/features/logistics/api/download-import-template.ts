import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/http.ts';

/** GET /logistics/order/importTemplate: the Excel template of the order import (its headers in the caller's language). */
export const downloadImportTemplate = () => download('/logistics/order/importTemplate');

export const useDownloadImportTemplate = () => useMutation({ mutationFn: downloadImportTemplate });
