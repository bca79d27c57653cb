import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.AMPERE_API ?? 'http://127.0.0.1:8080';

/**
 * The back office: served by the server at /admin/ (apps/server/src/http/static.ts), so every
 * asset URL starts there. Desktop staff on office networks: no per-byte budget like the user
 * app's, but the framework and antd still go to their own long-cached chunks.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    // The vendor chunks (antd, ProComponents) are big and change only with an upgrade; they are
    // cached for a year. Staff work on desktops: no per-byte budget as for the user app's phones.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A module goes to the matching group of highest priority; otherwise a group would
          // take in everything its modules import (ProComponents would swallow antd).
          groups: [
            {
              name: 'framework',
              priority: 4,
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@tanstack)[\\/]/,
            },
            {
              // ProLayout, ProTable, ProForm: the shell and every page use them.
              name: 'pro-components',
              priority: 2,
              test: /[\\/]node_modules[\\/]@ant-design[\\/]pro-/,
            },
            {
              // antd and what it is made of: rc-* components, CSS-in-JS, icons, dayjs.
              name: 'antd',
              priority: 3,
              test: /[\\/]node_modules[\\/](antd|@ant-design[\\/](?!pro-)|@rc-component|rc-[^\\/]+|dayjs|@babel[\\/]runtime|classnames|@emotion|stylis|copy-to-clipboard|toggle-selection|throttle-debounce|resize-observer-polyfill|scroll-into-view-if-needed|compute-scroll-into-view|json2mq|string-convert|lodash|lodash-es)[\\/]/,
            },
            {
              // The contract's schemas check every answer; zod comes with them.
              name: 'contract',
              priority: 1,
              test: /[\\/](node_modules[\\/]zod|packages[\\/]contract)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // The sign-in journey renders six screens of antd forms in jsdom: 4 s alone, several times
    // that when every project's tests run at once on a busy machine.
    testTimeout: 30_000,
  },
});
