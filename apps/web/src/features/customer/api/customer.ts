import { useQuery } from '@tanstack/react-query';
import { customerServiceSchema } from '@ampere/contract';
import type { CustomerService, LocaleKey } from '@ampere/contract';
import type { Api } from '@ampere/client';

/** The agents and QR code are written per language: each language is its own cache entry. */
export const customerServiceKey = (locale: LocaleKey) => ['common/customerService', locale];

export const fetchCustomerService = async (api: Api): Promise<CustomerService> =>
  customerServiceSchema.parse(await api.get('common/customerService'));

export const useCustomerService = (api: Api, locale: LocaleKey) =>
  useQuery({ queryKey: customerServiceKey(locale), queryFn: () => fetchCustomerService(api) });
