import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberSummary } from '@/features/account/components/MemberSummary';
import { SessionSummary } from '@/features/account/components/SessionSummary';
import { PasswordChangeForm } from '@/features/auth/components/PasswordChangeForm';
import { SignOutButtons } from '@/features/auth/components/SignOutButtons';

/** The member's own account: who they are, their session, their password. */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('account.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <ProCard title={t('member.profile')} bordered>
              <MemberSummary />
            </ProCard>
            <ProCard title={t('member.session')} bordered>
              <Flex vertical gap={16}>
                <SessionSummary />
                <SignOutButtons />
              </Flex>
            </ProCard>
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <ProCard title={t('password.changeTitle')} bordered>
            <div style={{ maxWidth: 420 }}>
              <PasswordChangeForm />
            </div>
          </ProCard>
        </Col>
      </Row>
    </PageContainer>
  );
}
