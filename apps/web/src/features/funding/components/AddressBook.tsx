import type { WithdrawAddresses } from '@ampere/contract';
import { Button, Form, Input, List, Selector, SwipeAction } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { passes } from '@/components/formRules';
import { Section } from '@/components/Section';
import { errorText } from '@/i18n/errorText';
import { Modal, Toast } from '@/lib/overlays';
import { formatTime } from '../format';
import { useAddAddress, useDeleteAddress } from '../hooks/useFunding';
import styles from './Funding.module.css';

/**
 * The shape an address must have on a network before it is sent: an EVM network's is 0x and 40
 * hex digits (the server checks the EIP-55 checksum of a mixed-case one). Unknown networks are
 * left to the server.
 */
export function looksLikeAddress(network: string, address: string): boolean {
  if (network === 'erc20' || network === 'bep20' || network.startsWith('evm')) {
    return /^0x[0-9a-fA-F]{40}$/.test(address.trim());
  }
  if (network === 'trc20') return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address.trim());
  return address.trim().length > 0;
}

interface Values {
  address: string;
  label?: string;
  mpassword: string;
}

/**
 * USDT withdrawal addresses (network + address). A new one can be used 24 h after it was added;
 * until then it says when. Adding asks for the fund password; removing swipes left.
 */
export function AddressBook({ book }: { book: WithdrawAddresses }) {
  const { t } = useTranslation();
  const [network, setNetwork] = useState(book.networks[0]?.key);
  const [adding, setAdding] = useState(false);
  const add = useAddAddress();
  const remove = useDeleteAddress();
  if (!book.usdtAvailable) {
    return (
      <Section title={t('funding.address.title')}>
        <p className={styles.note}>{t('funding.address.unavailable')}</p>
      </Section>
    );
  }
  return (
    <Section
      title={t('funding.address.title')}
      extra={
        !adding && (
          <Button
            size="small"
            fill="none"
            color="primary"
            onClick={() => {
              setAdding(true);
            }}
          >
            {t('funding.address.add')}
          </Button>
        )
      }
    >
      {book.items.length === 0 && !adding && <EmptyState message={t('funding.address.empty')} />}
      {book.items.length > 0 && (
        <List>
          {book.items.map((item) => (
            <SwipeAction
              key={item.id}
              rightActions={[
                {
                  key: 'delete',
                  text: t('funding.address.delete'),
                  color: 'danger',
                  onClick: () => {
                    void Modal.confirm({
                      content: t('funding.address.deleteConfirm'),
                      confirmText: t('funding.address.delete'),
                      cancelText: t('common.cancel'),
                      onConfirm: () => {
                        remove.mutate(item.id, {
                          onError: (error) => {
                            Toast.show({ icon: 'fail', content: errorText(error, t) });
                          },
                        });
                      },
                    });
                  },
                },
              ]}
            >
              <List.Item
                title={`${item.networkName}${item.label === '' ? '' : ` · ${item.label}`}`}
                description={
                  item.usable
                    ? t('funding.address.usable')
                    : t('funding.address.coolingUntil', { time: formatTime(item.usableAt) })
                }
              >
                <span className={styles.copyValue}>{item.address}</span>
              </List.Item>
            </SwipeAction>
          ))}
        </List>
      )}
      {adding && network !== undefined && (
        <Form
          layout="vertical"
          onFinish={(values: Values) => {
            add.mutate(
              {
                network,
                address: values.address.trim(),
                label: (values.label ?? '').trim(),
                mpassword: values.mpassword,
              },
              {
                onSuccess: () => {
                  Toast.show({ icon: 'success', content: t('funding.address.added') });
                  setAdding(false);
                },
                onError: (error) => {
                  Toast.show({ icon: 'fail', content: errorText(error, t) });
                },
              },
            );
          }}
          footer={
            <Button block type="submit" color="primary" loading={add.isPending}>
              {t('funding.address.save')}
            </Button>
          }
        >
          <Form.Item label={t('funding.network')}>
            <Selector
              columns={Math.min(book.networks.length, 3)}
              value={[network]}
              options={book.networks.map((n) => ({ value: n.key, label: n.name }))}
              onChange={([picked]) => {
                if (picked !== undefined) setNetwork(picked);
              }}
            />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('funding.address.address')}
            rules={[
              { required: true, whitespace: true, message: t('funding.address.addressHint') },
              passes((value) => looksLikeAddress(network, value), t('funding.address.invalid')),
            ]}
          >
            <Input autoComplete="off" placeholder={t('funding.address.addressHint')} />
          </Form.Item>
          <Form.Item name="label" label={t('funding.address.label')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="mpassword"
            label={t('funding.fundPassword')}
            rules={[{ required: true, message: t('validation.password') }]}
          >
            <Input type="password" autoComplete="off" placeholder={t('funding.fundPasswordHint')} />
          </Form.Item>
          <p className={styles.note}>{t('funding.address.coolDownNote', { hours: 24 })}</p>
        </Form>
      )}
    </Section>
  );
}
