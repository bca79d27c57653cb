import { JOURNAL_KINDS } from '@ampere/contract';
import type { CurrencyKey, JournalKind } from '@ampere/contract';
import { Button, CheckList, DatePicker, DotLoading, Dropdown, Selector } from 'antd-mobile';
import type { DropdownRef } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementFilters } from '../api/wallet';
import { fromIsoDate, lastDays, toIsoDate } from '../dates';
import styles from './StatementFilterBar.module.css';

interface Props {
  filters: StatementFilters;
  onChange: (filters: StatementFilters) => void;
  currencies: readonly { key: CurrencyKey; name: string }[];
  onExport: () => void;
  exporting: boolean;
  /** The clock, for "last N days" and the latest day that can be picked. */
  today?: Date;
}

/** CheckList speaks strings; this stands for "no filter" among the real values. */
const ALL = 'all';
/** Quick ranges, in days up to and including today. */
const QUICK_RANGES = [7, 30, 90] as const;

/** Currency, kind and dates of the statement, and its export with the same filters. */
export function StatementFilterBar(props: Props) {
  const { filters, onChange, currencies, onExport, exporting, today = new Date() } = props;
  const { t } = useTranslation();
  const dropdown = useRef<DropdownRef>(null);
  const apply = (next: StatementFilters) => {
    onChange(next);
    dropdown.current?.close();
  };
  const currencyTitle =
    currencies.find(({ key }) => key === filters.currency)?.name ?? t('records.filters.currency');
  const kindTitle =
    filters.kind === undefined ? t('records.filters.kind') : t(`ledgerKinds.${filters.kind}`);
  const hasDates = filters.from !== undefined || filters.to !== undefined;
  return (
    <div className={styles.bar}>
      <Dropdown ref={dropdown} className={styles.dropdown}>
        <Dropdown.Item
          key="currency"
          title={currencyTitle}
          highlight={filters.currency !== undefined}
        >
          <CheckList
            value={[filters.currency ?? ALL]}
            onChange={([picked]) => {
              const currency = currencies.find(({ key }) => key === picked)?.key;
              apply({ ...filters, currency });
            }}
          >
            <CheckList.Item value={ALL}>{t('records.filters.allCurrencies')}</CheckList.Item>
            {currencies.map(({ key, name }) => (
              <CheckList.Item key={key} value={key}>
                {name}
              </CheckList.Item>
            ))}
          </CheckList>
        </Dropdown.Item>
        <Dropdown.Item key="kind" title={kindTitle} highlight={filters.kind !== undefined}>
          <CheckList
            value={[filters.kind ?? ALL]}
            onChange={([picked]) => {
              const kind = JOURNAL_KINDS.find((known) => known === picked);
              apply({ ...filters, kind });
            }}
          >
            <CheckList.Item value={ALL}>{t('records.filters.allKinds')}</CheckList.Item>
            {JOURNAL_KINDS.map((kind: JournalKind) => (
              <CheckList.Item key={kind} value={kind}>
                {t(`ledgerKinds.${kind}`)}
              </CheckList.Item>
            ))}
          </CheckList>
        </Dropdown.Item>
        <Dropdown.Item
          key="date"
          title={hasDates ? rangeTitle(filters, today) : t('records.filters.date')}
          highlight={hasDates}
          destroyOnClose
        >
          <DateRangePanel
            from={filters.from}
            to={filters.to}
            today={today}
            onApply={(range) => {
              apply({ ...filters, ...range });
            }}
          />
        </Dropdown.Item>
      </Dropdown>
      {/* Icon only: the three filters need the width, and a download arrow reads at a glance. */}
      <button
        type="button"
        className={styles.export}
        disabled={exporting}
        aria-label={exporting ? t('records.exporting') : t('records.export')}
        title={t('records.export')}
        onClick={onExport}
      >
        {exporting ? <DotLoading color="primary" /> : <DownlandOutline aria-hidden />}
      </button>
    </div>
  );
}

/** "05-01–06-01" this year, the full days otherwise; an open end reads "…". */
function rangeTitle({ from, to }: StatementFilters, today: Date): string {
  const year = String(today.getFullYear());
  const short = (iso: string | undefined) =>
    iso === undefined ? '…' : iso.startsWith(`${year}-`) ? iso.slice(5) : iso;
  return `${short(from)}–${short(to)}`;
}

interface RangeProps {
  from: string | undefined;
  to: string | undefined;
  today: Date;
  onApply: (range: { from: string | undefined; to: string | undefined }) => void;
}

/** A draft of the range, applied with Confirm so half-picked dates never reload the list. */
function DateRangePanel({ from, to, today, onApply }: RangeProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ from, to });
  const [picking, setPicking] = useState<'from' | 'to'>();
  const quick = QUICK_RANGES.find((days) => {
    const range = lastDays(days, today);
    return range.from === draft.from && range.to === draft.to;
  });
  const pick = (date: Date) => {
    const day = toIsoDate(date);
    const next = picking === 'from' ? { ...draft, from: day } : { ...draft, to: day };
    // Picking a start after the end (or the reverse) moves the other end along.
    if (next.from !== undefined && next.to !== undefined && next.from > next.to) {
      if (picking === 'from') next.to = next.from;
      else next.from = next.to;
    }
    setDraft(next);
  };
  const bound = (which: 'from' | 'to') => (
    <button
      type="button"
      className={styles.bound}
      onClick={() => {
        setPicking(which);
      }}
    >
      <span className={styles.boundLabel}>{t(`records.filters.${which}`)}</span>
      <span className={styles.boundValue}>{draft[which] ?? t('records.filters.anyDay')}</span>
    </button>
  );
  const pickingValue = picking === undefined ? undefined : draft[picking];
  return (
    <div className={styles.panel}>
      <p className={styles.panelLabel}>{t('records.filters.quick')}</p>
      <Selector
        className={styles.quick}
        columns={QUICK_RANGES.length}
        value={quick === undefined ? [] : [quick]}
        options={QUICK_RANGES.map((days) => ({
          value: days,
          label: t('records.filters.lastDays', { days }),
        }))}
        onChange={([days]) => {
          if (days !== undefined) setDraft(lastDays(days, today));
        }}
      />
      <div className={styles.bounds}>
        {bound('from')}
        <span className={styles.dash} aria-hidden>
          –
        </span>
        {bound('to')}
      </div>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            onApply({ from: undefined, to: undefined });
          }}
        >
          {t('records.filters.clear')}
        </Button>
        <Button
          color="primary"
          onClick={() => {
            onApply(draft);
          }}
        >
          {t('common.confirm')}
        </Button>
      </div>
      <DatePicker
        visible={picking !== undefined}
        title={picking === undefined ? undefined : t(`records.filters.${picking}`)}
        value={pickingValue === undefined ? today : fromIsoDate(pickingValue)}
        max={today}
        onClose={() => {
          setPicking(undefined);
        }}
        onConfirm={pick}
      />
    </div>
  );
}
