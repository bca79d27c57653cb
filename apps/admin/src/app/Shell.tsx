import { ProLayout } from '@ant-design/pro-components';
import { Flex, Space, Spin } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { useSession } from '@/core/session';
import { useColorScheme } from '@/core/theme';
import { AccountMenu } from './AccountMenu';
import { allowedRoutes, homePath } from './access';
import { NotFoundPage, ROUTES } from './routes';

const LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" style={{ padding: 64 }}>
      <Spin aria-label={t('common.loading')} />
    </Flex>
  );
}

/** The signed-in back office: side menu and routes from the one table, header with the member. */
export function Shell() {
  const { t } = useTranslation();
  const { staff } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dark = useColorScheme() === 'dark';
  const routes = useMemo(() => allowedRoutes(ROUTES, staff.permissions), [staff.permissions]);
  const home = homePath(routes);
  const current = routes.find((route) => route.path === pathname);

  useEffect(() => {
    document.title = current ? `${t(`nav.${current.label}`)} · ${t('app.name')}` : t('app.name');
  }, [current, t]);

  return (
    <ProLayout
      title={t('app.name')}
      logo={<img src={LOGO} alt="" />}
      layout="mix"
      fixSiderbar
      fixedHeader
      siderWidth={220}
      navTheme={dark ? 'realDark' : 'light'}
      location={{ pathname }}
      route={{
        path: '/',
        children: routes.map((route) => ({
          path: route.path,
          name: t(`nav.${route.label}`),
          icon: route.icon,
          hideInMenu: route.hideInMenu,
        })),
      }}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      onMenuHeaderClick={() => void navigate('/')}
      actionsRender={() => [
        <Space key="actions" size={4}>
          <LanguageSwitch />
          <ThemeSwitch />
          <AccountMenu />
        </Space>,
      ]}
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {routes.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {home !== undefined && home !== '/' && (
            <Route path="/" element={<Navigate to={home} replace />} />
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ProLayout>
  );
}
