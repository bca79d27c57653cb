import { QueryState } from '@/components/QueryState';
import { AddressBook } from '@/features/funding/components/AddressBook';
import { BankCardPanel } from '@/features/funding/components/BankCardPanel';
import { useAddresses, useCashInfo } from '@/features/funding/hooks/useFunding';
import { useFeatureMessages } from '@/i18n/feature';

/** Bind card (SPEC §2): the withdrawal card (user/cashBind, user/cashInfo) and the USDT book. */
export default function BindCardsPage() {
  useFeatureMessages('funding');
  const info = useCashInfo();
  const book = useAddresses();
  return (
    <>
      <QueryState query={info}>{(data) => <BankCardPanel info={data} />}</QueryState>
      <QueryState query={book} compact>
        {(data) => <AddressBook book={data} />}
      </QueryState>
    </>
  );
}
